import type { ReactNode } from "react";
import { ActionsTD, DataTable, MessageRow, TBody, TD, TR } from "@/components/admin/common/data-table";
import { RoleBadge } from "@/components/admin/common/role-badge";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import { UserCell } from "@/components/admin/common/table-user-cell";
import { formatDate } from "@/lib/format/dates";
import type { ApiUser } from "@/lib/schemas/users";

/** PRODUCT §2 users table: Name, Email, Role, Created, Actions ('No users found' when empty). */
export function UsersTable({ users, actions }: { users: ApiUser[]; actions(user: ApiUser): ReactNode }) {
  return (
    <DataTable caption="Users">
      <ColumnHeads columns={["Name", "Email", "Role", "Created"]} end="Actions" />
      <TBody>
        {users.length === 0 ? (
          <MessageRow colSpan={5}>No users found</MessageRow>
        ) : (
          users.map((user) => (
            <TR key={user._id}>
              <UserCell name={user.name}>{!user.is_active && <span className="block text-xs font-medium text-red-600">InActive</span>}</UserCell>
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
