import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "User Details" };

// /company/users/{id} — one company user (SPEC §2). The screen itself comes in a later issue.
export default function UserDetailsPage() {
  return <PageHeader title="User Details" />;
}
