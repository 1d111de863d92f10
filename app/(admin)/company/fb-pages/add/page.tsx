import type { Metadata } from "next";
import { AddPageScreen } from "@/components/admin/pages/add-page-screen";
import { env } from "@/server/env";

export const metadata: Metadata = { title: "Add Page" };

// /company/fb-pages/add — a company admin connects a page of their own (Connect with Facebook or by hand).
export default async function CompanyAddPagePage({ searchParams }: { searchParams: Promise<{ facebook?: string | string[] }> }) {
  const { facebook } = await searchParams;
  return (
    <AddPageScreen
      backHref="/company/fb-pages"
      backLabel="Back to FB Pages"
      doneHref="/company/fb-pages"
      facebookLogin={Boolean(env().META_APP_ID)}
      facebookSession={typeof facebook === "string" ? facebook : undefined}
    />
  );
}
