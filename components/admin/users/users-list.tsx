"use client";

import { useEffect, useState, type ReactNode } from "react";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { Pager } from "@/components/admin/common/pager";
import { StatLine } from "@/components/admin/common/stat-line";
import { UsersTable } from "@/components/admin/users/users-table";
import { showingText } from "@/lib/admin/pagination";
import { useAdminUsers, type UsersScope } from "@/lib/hooks/use-admin-users";
import type { ApiUser } from "@/lib/schemas/users";

/**
 * A server-paged users list (PRODUCT §2): the table, 'Showing X to Y of Z users' and the page buttons, or
 * 'Error Loading Users' with Retry. When the last page empties under the user, it steps back a page.
 */
export function UsersList({ scope, actions }: { scope: UsersScope; actions(user: ApiUser): ReactNode }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isValidating, mutate } = useAdminUsers(scope, page);

  const lastPage = data?.total_pages ?? 1;
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  if (error && !data) {
    return <LoadError title="Error Loading Users" message="Failed to load users. Please try again." onRetry={() => mutate()} retrying={isValidating} />;
  }
  if (isLoading || !data) return <LoadingBlock label="Loading users..." />;

  return (
    <div className="space-y-4">
      <UsersTable users={data.users} actions={actions} />
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <StatLine>{showingText(data.page, data.per_page, data.total, "users")}</StatLine>
        <Pager page={data.page} pages={data.total_pages} onChange={setPage} label="Users pages" />
      </div>
    </div>
  );
}
