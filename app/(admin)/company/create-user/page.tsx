import type { Metadata } from "next";
import { FormPage } from "@/components/admin/common/admin-form-page";
import { CreateCompanyUserForm } from "@/components/admin/users/create-company-user-form";

export const metadata: Metadata = { title: "Create User" };

// /company/create-user — add an admin or staff member to the company (PRODUCT §2, §5).
export default function CompanyCreateUserPage() {
  return <FormPage width="2xl" back="/company/users" backLabel="Back to Users" title="Create User" subtitle="Add someone to your team." form={<CreateCompanyUserForm />} />;
}
