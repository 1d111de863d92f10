import type { Metadata } from "next";
import { AddPageScreen } from "@/components/admin/pages/add-page-screen";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "Add Page" };

// /{userId}/add-page — add a page to a user (PRODUCT §2); ?facebook=<session> shows the Facebook Login picker.
export default async function AddPagePage({ params, searchParams }: { params: Promise<{ userId: string }>; searchParams: Promise<{ facebook?: string | string[] }> }) {
  const { userId } = await params;
  const { facebook } = await searchParams;
  return (
    <AddPageScreen
      userId={userId}
      backHref="/users"
      backLabel="Back to Users"
      doneHref={`/fb-pages/${userId}`}
      facebookLogin={Boolean(env().META_APP_ID)}
      facebookSession={typeof facebook === "string" ? facebook : undefined}
    />
  );
}
