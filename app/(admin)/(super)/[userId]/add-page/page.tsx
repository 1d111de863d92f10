import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Add Page" };

// /{userId}/add-page — add a page to a user (SPEC §2). The screen itself comes in a later issue.
export default function AddPagePage() {
  return <PageHeader title="Add Page" />;
}
