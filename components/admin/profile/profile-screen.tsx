"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { ChangePasswordForm } from "@/components/admin/profile/change-password-form";
import { OwnSessionsCard } from "@/components/admin/profile/own-sessions-card";
import { ProfileDetailsCard } from "@/components/admin/profile/profile-details-card";

/**
 * /profile, Profile Settings: the signed-in user, a change-password form and "Sign out everywhere". The company's name is part of
 * the session user (/api/auth/me refreshes it once per visit), so staff see it too.
 */
export function ProfileScreen() {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Profile Settings" subtitle="Your account, its password and where it is signed in." />
      <ProfileDetailsCard user={user} company={user.companyName ?? null} />
      <ChangePasswordForm />
      <OwnSessionsCard />
    </div>
  );
}
