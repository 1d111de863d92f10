import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Send Offer to Users (Bulk)" };

// /company/send-offer — bulk offer (SPEC §2). The screen itself comes in a later issue.
export default function SendOffertoUsersBulkPage() {
  return <PageHeader title="Send Offer to Users (Bulk)" />;
}
