import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";

export const metadata: Metadata = { title: "Create User" };

// /company/create-user — company creates an admin or staff user (SPEC §2). The screen itself comes in a later issue.
export default function CreateUserPage() {
  return <PageHeader title="Create User" />;
}
