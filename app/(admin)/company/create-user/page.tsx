import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { CreateCompanyUserForm } from "@/components/admin/users/create-company-user-form";

export const metadata: Metadata = { title: "Create User" };

// /company/create-user — add an admin or staff member to the company (PRODUCT §2, §5).
export default function CompanyCreateUserPage() {
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href="/company/users">Back to Users</BackLink>
      <PageHeader title="Create User" subtitle="Add someone to your team." />
      <CreateCompanyUserForm />
    </div>
  );
}
