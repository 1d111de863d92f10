import type { Metadata } from "next";
import { UserDetailsScreen } from "@/components/admin/users/user-details-screen";

export const metadata: Metadata = { title: "User Details" };

// /company/users/{id} — one of the company's users (PRODUCT §2).
export default async function CompanyUserDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <UserDetailsScreen id={id} area="company" />;
}
