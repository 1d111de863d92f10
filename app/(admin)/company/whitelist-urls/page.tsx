import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Approved URLs & Patterns" };

// /company/whitelist-urls — the approved-links whitelist (SPEC §2). The screen itself comes in a later issue.
export default function ApprovedURLsPatternsPage() {
  return <PageHeader title="Approved URLs & Patterns" />;
}
