"use client";

import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { PageHeader } from "@/components/layout/page-header";
import { PageAccessCard } from "@/components/admin/assign/page-access-card";
import { BackLink } from "@/components/admin/common/back-link";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { BanUserCard } from "@/components/admin/users/ban-user-card";
import { CapacityCard } from "@/components/admin/users/capacity-card";
import { SignOutUserCard } from "@/components/admin/users/sign-out-user-card";
import { UpdateEmailForm } from "@/components/admin/users/update-email-form";
import { UserSummaryCard } from "@/components/admin/users/user-summary-card";
import { useAdminUser, useRefreshUsers } from "@/lib/hooks/use-admin-users";
import type { ApiUser } from "@/lib/schemas/users";
import { canManageRole, hasTrait } from "@/lib/access/roles";

/**
 * /users/{id} and /company/users/{id} (PRODUCT §2): the user, 'Update Email', 'User Management' and signing
 * the user out everywhere. Forms
 * show only where the server would accept them (PRODUCT §6); the company screen adds the user's page access.
 */
export function UserDetailsScreen({ id, area }: { id: string; area: "super" | "company" }) {
  const { user: me } = useAuth();
  const { data: user, error, isValidating, mutate } = useAdminUser(id);
  const refreshUsers = useRefreshUsers();
  const back = area === "super" ? "/users" : "/company/users";

  const updated = (next: ApiUser) => {
    void mutate(next, { revalidate: false });
    void refreshUsers();
  };

  let body;
  if (error && !user) {
    body = <LoadError title="Error Loading User" message="Failed to load user. Please try again." onRetry={() => mutate()} retrying={isValidating} />;
  } else if (!user || !me) {
    body = <LoadingBlock label="Loading user..." />;
  } else {
    const self = user._id === me.id;
    const manages = !self && canManageRole(me.role, user.role);
    const assignable = area === "company" && manages && hasTrait(user.role, "assignedPages");
    body = (
      <div className="space-y-6">
        <UserSummaryCard user={user} />
        {assignable && <PageAccessCard user={user} />}
        {area === "company" && can(me.role, "users.capacity") && can(user.role, "conversations.work") && <CapacityCard userId={user._id} />}
        <div className="grid gap-6 lg:grid-cols-2">
          {(manages || self) && <UpdateEmailForm user={user} onUpdated={updated} />}
          {manages && <BanUserCard user={user} onChanged={updated} />}
        </div>
        {manages && <SignOutUserCard user={user} />}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink href={back}>Back to Users</BackLink>
      <PageHeader title="User Details" />
      {body}
    </div>
  );
}
