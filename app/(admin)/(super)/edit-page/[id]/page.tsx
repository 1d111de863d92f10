import type { Metadata } from "next";
import { EditPageScreen } from "@/components/admin/pages/edit-page-screen";

export const metadata: Metadata = { title: "Edit Page" };

// /edit-page/{id} — edit a page (PRODUCT §2).
export default async function EditPagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPageScreen id={id} />;
}
