import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Edit Page" };

// /edit-page/{id} — edit a page (SPEC §2). The screen itself comes in a later issue.
export default function EditPagePage() {
  return <PageHeader title="Edit Page" />;
}
