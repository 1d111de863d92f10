import type { Metadata } from "next";
import { UserPagesScreen } from "@/components/admin/pages/user-pages-screen";

export const metadata: Metadata = { title: "Facebook Pages" };

// /fb-pages/{userId} — that user's pages (PRODUCT §2).
export default async function UserPagesPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <UserPagesScreen userId={id} />;
}
