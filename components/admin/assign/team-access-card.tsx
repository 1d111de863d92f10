"use client";

import { useState } from "react";
import { useAuth } from "@/components/auth/auth-provider";
import { AssignPagesDialog } from "@/components/admin/assign/assign-pages-dialog";
import { ActionsTD, DataTable, MessageRow, TBody, TD, TR } from "@/components/admin/common/data-table";
import { LoadError } from "@/components/admin/common/load-error";
import { Pager } from "@/components/admin/common/pager";
import { RoleBadge } from "@/components/admin/common/role-badge";
import { StatLine } from "@/components/admin/common/stat-line";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import { UserCell } from "@/components/admin/common/table-user-cell";
import { RowButton } from "@/components/admin/users/row-action";
import { FlagIcon } from "@/components/ui/icons";
import { showingText } from "@/lib/admin/pagination";
import { useAdminUsers } from "@/lib/hooks/use-admin-users";
import type { ApiUser } from "@/lib/schemas/users";
import { canManageRole, hasTrait } from "@/lib/access/roles";

/**
 * Who answers which page: the company's users, each with 'Assign Pages' where the actor may change their
 * access (admins and staff the actor manages; company admins see every page anyway).
 */
export function TeamAccessCard() {
  const { user: me } = useAuth();
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<ApiUser | null>(null);
  const { data, error, isValidating, mutate } = useAdminUsers("company", page);

  const assignable = (user: ApiUser) =>
    !!me && user._id !== me.id && hasTrait(user.role, "assignedPages") && canManageRole(me.role, user.role);

  return (
    <section aria-labelledby="team-access-heading" className="space-y-3">
      <div>
        <h2 id="team-access-heading" className="text-lg font-semibold text-slate-900">
          Page access
        </h2>
        <p className="text-sm text-slate-500">Choose which pages each admin and staff member answers.</p>
      </div>
      {error && !data ? (
        <LoadError title="Error Loading Users" message="Failed to load users. Please try again." onRetry={() => mutate()} retrying={isValidating} />
      ) : (
        <DataTable caption="Page access by user">
          <ColumnHeads columns={["User", "Role"]} end="Access" />
          <TBody>
            {!data ? (
              <MessageRow colSpan={3}>Loading users...</MessageRow>
            ) : data.users.length === 0 ? (
              <MessageRow colSpan={3}>No users found</MessageRow>
            ) : (
              data.users.map((user) => (
                <TR key={user._id}>
                  <UserCell name={user.name}>
                    <span className="block truncate text-xs text-slate-500">{user.email}</span>
                  </UserCell>
                  <TD label="Role">
                    <RoleBadge role={user.role} />
                  </TD>
                  <ActionsTD>
                    {assignable(user) ? (
                      <RowButton compact={false} icon={FlagIcon} label={`Assign Pages to ${user.name}`} onClick={() => setTarget(user)}>
                        Assign Pages
                      </RowButton>
                    ) : (
                      <span className="px-2.5 text-xs text-slate-500">{hasTrait(user.role, "allCompanyPages") ? "All pages" : "—"}</span>
                    )}
                  </ActionsTD>
                </TR>
              ))
            )}
          </TBody>
        </DataTable>
      )}
      {data && (
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <StatLine>{showingText(data.page, data.per_page, data.total, "users")}</StatLine>
          <Pager page={data.page} pages={data.total_pages} onChange={setPage} label="Users pages" />
        </div>
      )}
      <AssignPagesDialog user={target} onClose={() => setTarget(null)} />
    </section>
  );
}
