import type { Metadata } from "next";
import { ProfileScreen } from "@/components/admin/profile/profile-screen";

export const metadata: Metadata = { title: "Profile Settings" };

// /profile — Profile Settings, for any signed-in role (PRODUCT §2).
export default function ProfilePage() {
  return <ProfileScreen />;
}
