import type { Metadata } from "next";
import { ScheduledOffersScreen } from "@/components/offers/scheduled-offers-screen";

export const metadata: Metadata = { title: "Scheduled Offers" };

// /company/scheduled-offers — scheduled offers with their live progress and a date range filter (PRODUCT §2, §4).
export default function ScheduledOffersPage() {
  return <ScheduledOffersScreen />;
}
