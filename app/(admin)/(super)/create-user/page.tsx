import type { Metadata } from "next";
import { FormPage } from "@/components/admin/common/admin-form-page";
import { CreateCompanyAdminForm } from "@/components/admin/users/create-company-admin-form";

export const metadata: Metadata = { title: "Create User" };

// /create-user — the super admin creates a company admin and their company (PRODUCT §2, §5).
export default function CreateUserPage() {
  return <FormPage width="3xl" back="/users" backLabel="Back to Users" title="Create User" subtitle="Create a company admin together with their company." form={<CreateCompanyAdminForm />} />;
}
