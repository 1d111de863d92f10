import type { Metadata } from "next";
import { ViolationsScreen } from "@/components/admin/violations/violations-screen";

export const metadata: Metadata = { title: "Security Violation Log" };

// /company/url-violations — the log of blocked links (PRODUCT §2).
export default function UrlViolationsPage() {
  return <ViolationsScreen />;
}
