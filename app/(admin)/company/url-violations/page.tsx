import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Security Violation Log" };

// /company/url-violations — link violations (SPEC §2). The screen itself comes in a later issue.
export default function SecurityViolationLogPage() {
  return <PageHeader title="Security Violation Log" />;
}
