"use client";

import Link from "next/link";
import { useAuth } from "@/components/auth/auth-provider";
import { PageHeader } from "@/components/layout/page-header";
import { HeaderLink } from "@/components/admin/common/admin-header-link";
import { DeleteUserDialog } from "@/components/admin/users/delete-user-dialog";
import { DeleteRowButton, RowLink } from "@/components/admin/users/row-action";
import { useDeleteUser } from "@/components/admin/users/use-delete-user";
import { UsersList } from "@/components/admin/users/users-list";
import { buttonClasses } from "@/components/ui/button";
import { FlagIcon, PencilIcon, PlusIcon, UserIcon } from "@/components/ui/icons";

/** /users (PRODUCT §2): every user, with Add Page, View (their pages), Edit and Delete. */
export function SuperUsersScreen() {
  const { user: me } = useAuth();
  const remove = useDeleteUser({ serverMessageFirst: false });

  return (
    <div>
      <PageHeader
        title="Users"
        subtitle="Company admins and their teams across every company."
        actions={
          <>
            <Link href="/pages" className={buttonClasses({ variant: "secondary" })}>
              <FlagIcon className="size-4" />
              All Pages
            </Link>
            <HeaderLink href="/create-user" icon={PlusIcon}>
              Create User
            </HeaderLink>
          </>
        }
      />
      <UsersList
        scope="all"
        actions={(user) => (
          <>
            {user.company && (
              <RowLink href={`/${user._id}/add-page`} icon={PlusIcon} label={`Add Page for ${user.name}`}>
                Add Page
              </RowLink>
            )}
            <RowLink href={`/fb-pages/${user._id}`} icon={UserIcon} label={`View ${user.name}`}>
              View
            </RowLink>
            <RowLink href={`/users/${user._id}`} icon={PencilIcon} label={`Edit ${user.name}`}>
              Edit
            </RowLink>
            {user._id !== me?.id && (
              <DeleteRowButton name={user.name} onClick={() => remove.ask(user)} />
            )}
          </>
        )}
      />
      <DeleteUserDialog user={remove.target} onClose={remove.close} onConfirm={remove.confirm} />
    </div>
  );
}
