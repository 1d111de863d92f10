import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Users" };

// /users — all users, paged (SPEC §2). The screen itself comes in a later issue.
export default function UsersPage() {
  return <PageHeader title="Users" />;
}
