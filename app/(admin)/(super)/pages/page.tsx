import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "All Pages" };

// /pages — every connected page (route ours; the spec names none) (SPEC §2). The screen itself comes in a later issue.
export default function AllPagesPage() {
  return <PageHeader title="All Pages" />;
}
