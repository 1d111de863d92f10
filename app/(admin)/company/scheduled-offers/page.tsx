import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Scheduled Offers" };

// /company/scheduled-offers — scheduled offers and their progress (SPEC §2). The screen itself comes in a later issue.
export default function ScheduledOffersPage() {
  return <PageHeader title="Scheduled Offers" />;
}
