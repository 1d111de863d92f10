import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { CreateCompanyAdminForm } from "@/components/admin/users/create-company-admin-form";

export const metadata: Metadata = { title: "Create User" };

// /create-user — the super admin creates a company admin and their company (PRODUCT §2, §5).
export default function CreateUserPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink href="/users">Back to Users</BackLink>
      <PageHeader title="Create User" subtitle="Create a company admin together with their company." />
      <CreateCompanyAdminForm />
    </div>
  );
}
