"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { ChangePasswordForm } from "@/components/admin/profile/change-password-form";
import { ProfileDetailsCard } from "@/components/admin/profile/profile-details-card";

/**
 * /profile, Profile Settings: the signed-in user and a change-password form. The company's name is part of
 * the session user (/api/auth/me refreshes it once per visit), so staff see it too.
 */
export function ProfileScreen() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Profile Settings" subtitle="Your account, and the password for it." />
      <ProfileDetailsCard user={user} company={user.companyName ?? null} />
      <ChangePasswordForm />
    </div>
  );
}
