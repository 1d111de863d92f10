import type { Metadata } from "next";
import { AllPagesScreen } from "@/components/admin/pages/all-pages-screen";

export const metadata: Metadata = { title: "All Pages" };

// /pages — every connected page (route ours; the spec names none) (PRODUCT §2).
export default function AllPagesPage() {
  return <AllPagesScreen />;
}
