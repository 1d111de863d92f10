import type { ReactNode } from "react";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { rolesFor } from "@/lib/access/permissions";

// Super admin only (PRODUCT §2 route table).
export default function SuperAdminLayout({ children }: { children: ReactNode }) {
  return <ProtectedGuard roles={rolesFor("screens.super-admin")}>{children}</ProtectedGuard>;
}
