import type { ReactNode } from "react";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { AdminShell } from "@/components/layout/admin-shell";

// The admin layout (PRODUCT §2): any signed-in user gets the shell; the route groups inside narrow the roles.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ProtectedGuard>
      <AdminShell>{children}</AdminShell>
    </ProtectedGuard>
  );
}
