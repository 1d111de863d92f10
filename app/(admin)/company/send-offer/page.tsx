import type { Metadata } from "next";
import { SendOfferForm } from "@/components/offers/send-offer-form";

export const metadata: Metadata = { title: "Send Offer to Users (Bulk)" };

// /company/send-offer — 'Send Offer to Users (Bulk)' (PRODUCT §2): schedule a bulk offer to a page's customers.
export default function SendOfferPage() {
  return <SendOfferForm />;
}
