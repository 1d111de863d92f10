import type { Metadata } from "next";
import { ProtectedGuard } from "@/components/auth/protected-guard";
import { AuditScreen } from "@/components/admin/audit/audit-screen";
import { rolesFor } from "@/lib/access/permissions";

export const metadata: Metadata = { title: "Audit Log" };

// /company/audit-log — who changed what in the company's settings (docs/PRODUCT.md §13.5). Company admins
// only: an admin who opens the address sees Access Denied, not the API's 403 (which would sign them out).
export default function AuditLogPage() {
  return (
    <ProtectedGuard roles={rolesFor("audit.read")}>
      <AuditScreen />
    </ProtectedGuard>
  );
}
