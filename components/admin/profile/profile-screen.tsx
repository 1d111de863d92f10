"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { ChangePasswordForm } from "@/components/admin/profile/change-password-form";
import { ProfileDetailsCard } from "@/components/admin/profile/profile-details-card";
import { useAdminUser } from "@/lib/hooks/use-admin-users";

/**
 * /profile, Profile Settings: the signed-in user and a change-password form. The company's name comes from
 * the users API, which staff may not call (a 403 would end their session), so staff see it only as 'N/A'.
 */
export function ProfileScreen() {
  const { user } = useAuth();
  const canReadUsers = !!user && user.role !== "staff";
  const { data: details } = useAdminUser(canReadUsers ? user.id : null);
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Profile Settings" subtitle="Your account, and the password for it." />
      <ProfileDetailsCard user={user} company={details?.company?.name ?? null} />
      <ChangePasswordForm />
    </div>
  );
}
