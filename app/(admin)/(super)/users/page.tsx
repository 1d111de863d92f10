import type { Metadata } from "next";
import { SuperUsersScreen } from "@/components/admin/users/super-users-screen";

export const metadata: Metadata = { title: "Users" };

// /users — all users, paged (PRODUCT §2).
export default function UsersPage() {
  return <SuperUsersScreen />;
}
