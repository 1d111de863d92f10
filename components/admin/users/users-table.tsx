import type { ReactNode } from "react";
import { ActionsTD, DataTable, MessageRow, TBody, TD, TH, THead, TR } from "@/components/admin/common/data-table";
import { RoleBadge } from "@/components/admin/common/role-badge";
import { Avatar } from "@/components/ui/avatar";
import { formatDate } from "@/lib/format/dates";
import type { ApiUser } from "@/lib/schemas/users";

/** PRODUCT §2 users table: Name, Email, Role, Created, Actions ('No users found' when empty). */
export function UsersTable({ users, actions }: { users: ApiUser[]; actions(user: ApiUser): ReactNode }) {
  return (
    <DataTable caption="Users">
      <THead>
        <TH>Name</TH>
        <TH>Email</TH>
        <TH>Role</TH>
        <TH>Created</TH>
        <TH className="text-right">Actions</TH>
      </THead>
      <TBody>
        {users.length === 0 ? (
          <MessageRow colSpan={5}>No users found</MessageRow>
        ) : (
          users.map((user) => (
            <TR key={user._id}>
              <TD className="max-md:mb-1 max-md:border-b max-md:border-slate-100 max-md:pb-3">
                <span className="flex min-w-0 items-center gap-3">
                  <Avatar name={user.name} />
                  <span className="min-w-0 text-left">
                    <span className="block truncate font-medium text-slate-900">{user.name}</span>
                    {!user.is_active && <span className="block text-xs font-medium text-red-600">InActive</span>}
                  </span>
                </span>
              </TD>
              <TD label="Email">
                <span className="min-w-0 break-all md:break-normal md:whitespace-nowrap">{user.email}</span>
              </TD>
              <TD label="Role">
                <RoleBadge role={user.role} />
              </TD>
              <TD label="Created" className="whitespace-nowrap">
                {formatDate(user.created_at)}
              </TD>
              <ActionsTD>{actions(user)}</ActionsTD>
            </TR>
          ))
        )}
      </TBody>
    </DataTable>
  );
}
