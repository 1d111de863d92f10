import type { Metadata } from "next";
import { CompanyPagesScreen } from "@/components/admin/pages/company-pages-screen";

export const metadata: Metadata = { title: "FB Pages" };

// /company/fb-pages — the company's pages and page access (PRODUCT §2 Assign Pages modal).
export default function CompanyPagesPage() {
  return <CompanyPagesScreen />;
}
