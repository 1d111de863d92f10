import type { Metadata } from "next";
import { DashboardScreen } from "@/components/admin/dashboard/dashboard-screen";

export const metadata: Metadata = { title: "Dashboard" };

// /company/dashboard — the counts across the company's pages (PRODUCT §2 Dashboard).
export default function DashboardPage() {
  return <DashboardScreen />;
}
