import type { Metadata } from "next";
import { ReportsScreen } from "@/components/admin/reports/reports-screen";

export const metadata: Metadata = { title: "Reports" };

// /company/reports — response metrics for admins and company admins (docs/PRODUCT.md §11.3).
export default function ReportsPage() {
  return <ReportsScreen />;
}
