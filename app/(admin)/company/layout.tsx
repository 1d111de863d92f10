import type { ReactNode } from "react";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { ROUTE_ROLES } from "@/lib/roles";

// Company admin and admin only (SPEC §2 route table).
export default function CompanyLayout({ children }: { children: ReactNode }) {
  return <ProtectedGuard roles={ROUTE_ROLES.company}>{children}</ProtectedGuard>;
}
