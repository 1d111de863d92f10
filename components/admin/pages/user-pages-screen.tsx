"use client";

import Link from "next/link";
import { PageHeader } from "@/components/layout/page-header";
import { HeaderLink } from "@/components/admin/common/admin-header-link";
import { ActionsTD, DataTable, TBody, TD, TR } from "@/components/admin/common/data-table";
import { ColumnHeads } from "@/components/admin/common/table-columns";
import { BackLink } from "@/components/admin/common/back-link";
import { EmptyState } from "@/components/admin/common/empty-state";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { PageHealthCell } from "@/components/admin/common/page-health";
import { PageNameCell } from "@/components/admin/pages/page-name-cell";
import { DeletePageConfirmation } from "@/components/admin/pages/delete-page-confirmation";
import { useDeletePage } from "@/components/admin/pages/use-delete-page";
import { DeleteRowButton, RowLink } from "@/components/admin/users/row-action";
import { buttonClasses } from "@/components/ui/button";
import { FlagIcon, PencilIcon, PlusIcon } from "@/components/ui/icons";
import { formatDate } from "@/lib/format/dates";
import { useLivePageHealth, useUserPages } from "@/lib/hooks/use-admin-pages";
import { useAuth } from "@/components/auth/auth-provider";

/** /fb-pages/{userId} (PRODUCT §2): that user's pages — Page Name, Created, Edit, Delete — and 'Total pages'. */
export function UserPagesScreen({ userId }: { userId: string }) {
  const { data, error, isValidating, mutate } = useUserPages(userId);
  useLivePageHealth(useAuth().token, data?.pages.map((p) => p._id) ?? []);
  const remove = useDeletePage();
  const addHref = `/${userId}/add-page`;

  let body;
  if (error && !data) {
    body = <LoadError title="Error Loading Pages" message="Failed to load pages. Please try again." onRetry={() => mutate()} retrying={isValidating} />;
  } else if (!data) {
    body = <LoadingBlock label="Loading pages..." />;
  } else if (data.pages.length === 0) {
    body = (
      <EmptyState icon={<FlagIcon className="size-5" />} title="No pages added for this user yet.">
        <Link href={addHref} className={buttonClasses({ size: "sm" })}>
          <PlusIcon className="size-4" />
          Add Page
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <DataTable caption="Pages">
        <ColumnHeads columns={["Page Name", "Health", "Conversations", "Created"]} end="Actions" />
        <TBody>
          {data.pages.map((page) => (
            <TR key={page._id}>
              <TD className="max-md:mb-1 max-md:border-b max-md:border-slate-100 max-md:pb-3">
                <PageNameCell name={page.name} pageId={page.page_id} />
              </TD>
              <TD label="Health">
                <PageHealthCell page={page} />
              </TD>
              <TD label="Conversations">{page.conversationCount}</TD>
              <TD label="Created" className="whitespace-nowrap">
                {formatDate(page.created_at)}
              </TD>
              <ActionsTD>
                <RowLink href={`/edit-page/${page._id}`} icon={PencilIcon} label={`Edit ${page.name}`}>
                  Edit
                </RowLink>
                <DeleteRowButton name={page.name} onClick={() => remove.ask(page)} />
              </ActionsTD>
            </TR>
          ))}
        </TBody>
      </DataTable>
    );
  }

  return (
    <div>
      <BackLink href="/users">Back to Users</BackLink>
      <PageHeader
        title={data?.user ? `${data.user.name}'s Pages` : "Facebook Pages"}
        subtitle={data?.user?.email}
        actions={<HeaderLink href={addHref} icon={PlusIcon}>Add Page</HeaderLink>}
      />
      {data && data.pages.length > 0 && (
        <p className="mb-3 text-sm text-slate-600">
          Total pages: <span className="font-semibold text-slate-900">{data.total}</span>
        </p>
      )}
      {body}
      <DeletePageConfirmation remove={remove} />
    </div>
  );
}
