import type { Metadata } from "next";
import { WhitelistScreen } from "@/components/admin/whitelist/whitelist-screen";

export const metadata: Metadata = { title: "Approved URLs & Patterns" };

// /company/whitelist-urls — the approved-links whitelist (PRODUCT §2).
export default function ApprovedUrlsPage() {
  return <WhitelistScreen />;
}
