import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "User Details" };

// /users/{id} — one user: e-mail update and ban/unban (SPEC §2). The screen itself comes in a later issue.
export default function UserDetailsPage() {
  return <PageHeader title="User Details" />;
}
