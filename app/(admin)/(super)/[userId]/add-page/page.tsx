import type { Metadata } from "next";
import { AddPageScreen } from "@/components/admin/pages/add-page-screen";

export const metadata: Metadata = { title: "Add Page" };

// /{userId}/add-page — add a page to a user (SPEC §2).
export default async function AddPagePage({ params }: { params: Promise<{ userId: string }> }) {
  const { userId } = await params;
  return <AddPageScreen userId={userId} />;
}
