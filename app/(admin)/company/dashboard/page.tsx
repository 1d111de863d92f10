import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Dashboard" };

// /company/dashboard — company dashboard counts (SPEC §2). The screen itself comes in a later issue.
export default function DashboardPage() {
  return <PageHeader title="Dashboard" subtitle="Overview of user metrics across your pages" />;
}
