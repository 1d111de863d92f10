import type { Metadata } from "next";
import { EditPageScreen } from "@/components/admin/pages/edit-page-screen";

export const metadata: Metadata = { title: "Edit Page" };

// /company/fb-pages/{id}/edit — a company admin renames a page or gives it a new token.
export default async function CompanyEditPagePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditPageScreen id={id} backHref="/company/fb-pages" />;
}
