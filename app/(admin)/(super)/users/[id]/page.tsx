import type { Metadata } from "next";
import { UserDetailsScreen } from "@/components/admin/users/user-details-screen";

export const metadata: Metadata = { title: "User Details" };

// /users/{id} — one user: e-mail update and ban/unban (PRODUCT §2).
export default async function UserDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <UserDetailsScreen id={id} area="super" />;
}
