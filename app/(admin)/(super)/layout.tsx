import type { ReactNode } from "react";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { ROUTE_ROLES } from "@/lib/roles";

// Super admin only (SPEC §2 route table).
export default function SuperAdminLayout({ children }: { children: ReactNode }) {
  return <ProtectedGuard roles={ROUTE_ROLES.superAdmin}>{children}</ProtectedGuard>;
}
