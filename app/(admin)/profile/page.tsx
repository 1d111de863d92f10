import type { Metadata } from "next";
import { ProfileSettings } from "@/components/profile/profile-settings";

export const metadata: Metadata = { title: "Profile Settings" };

// /profile — Profile Settings, for any signed-in role (SPEC §2).
export default function ProfilePage() {
  return <ProfileSettings />;
}
