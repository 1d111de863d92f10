"use client";

import { useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { HeaderLink } from "@/components/admin/common/admin-header-link";
import { DeleteUserDialog } from "@/components/admin/users/delete-user-dialog";
import { DeleteRowButton, RowButton, RowLink } from "@/components/admin/users/row-action";
import { useDeleteUser } from "@/components/admin/users/use-delete-user";
import { UserViewDialog } from "@/components/admin/users/user-view-dialog";
import { UsersList } from "@/components/admin/users/users-list";
import { PencilIcon, PlusIcon, UserIcon } from "@/components/ui/icons";
import type { ApiUser } from "@/lib/schemas/users";
import { canManageRole } from "@/lib/access/roles";

/** /company/users (PRODUCT §2): the company's users with a view modal, Edit and Delete; 'Add User'. */
export function CompanyUsersScreen() {
  const { user: me } = useAuth();
  const [viewing, setViewing] = useState<ApiUser | null>(null);
  const remove = useDeleteUser({ serverMessageFirst: true });
  // Delete only where the server would allow it (PRODUCT §6), so nobody is offered a button that must fail.
  const manages = (user: ApiUser) => !!me && user._id !== me.id && canManageRole(me.role, user.role);

  return (
    <div>
      <PageHeader
        title="Users"
        subtitle="People in your company who answer your pages."
        actions={<HeaderLink href="/company/create-user" icon={PlusIcon}>Add User</HeaderLink>}
      />
      <UsersList
        scope="company"
        actions={(user) => (
          <>
            <RowButton icon={UserIcon} label={`View ${user.name}`} onClick={() => setViewing(user)}>
              View
            </RowButton>
            <RowLink href={`/company/users/${user._id}`} icon={PencilIcon} label={`Edit ${user.name}`}>
              Edit
            </RowLink>
            {manages(user) && (
              <DeleteRowButton name={user.name} onClick={() => remove.ask(user)} />
            )}
          </>
        )}
      />
      <UserViewDialog user={viewing} onClose={() => setViewing(null)} />
      <DeleteUserDialog user={remove.target} onClose={remove.close} onConfirm={remove.confirm} />
    </div>
  );
}
