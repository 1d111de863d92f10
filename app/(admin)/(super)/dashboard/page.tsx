import type { Metadata } from "next";
import { DashboardScreen } from "@/components/admin/dashboard/dashboard-screen";

export const metadata: Metadata = { title: "Dashboard" };

// /dashboard — the counts across every page (PRODUCT §2 Dashboard).
export default function DashboardPage() {
  return <DashboardScreen />;
}
