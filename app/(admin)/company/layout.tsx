import type { ReactNode } from "react";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { rolesFor } from "@/lib/access/permissions";

// Company admin and admin only (PRODUCT §2 route table).
export default function CompanyLayout({ children }: { children: ReactNode }) {
  return <ProtectedGuard roles={rolesFor("screens.company")}>{children}</ProtectedGuard>;
}
