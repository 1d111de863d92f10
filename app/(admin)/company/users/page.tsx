import type { Metadata } from "next";
import { CompanyUsersScreen } from "@/components/admin/users/company-users-screen";

export const metadata: Metadata = { title: "Users" };

// /company/users — the company's users, paged (PRODUCT §2).
export default function CompanyUsersPage() {
  return <CompanyUsersScreen />;
}
