import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "FB Pages" };

// /fb-pages/{userId} — a user’s pages (SPEC §2). The screen itself comes in a later issue.
export default function FBPagesPage() {
  return <PageHeader title="FB Pages" />;
}
