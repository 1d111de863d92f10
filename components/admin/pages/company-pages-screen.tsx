"use client";

import { PageHeader } from "@/components/layout/page-header";
import { HeaderLink } from "@/components/admin/common/admin-header-link";
import { TeamAccessCard } from "@/components/admin/assign/team-access-card";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { PagesTable } from "@/components/admin/pages/pages-table";
import { DeletePageConfirmation } from "@/components/admin/pages/delete-page-confirmation";
import { useDeletePage } from "@/components/admin/pages/use-delete-page";
import { useReconnectPage } from "@/components/admin/pages/use-reconnect-page";
import { DeleteRowButton, RowButton, RowLink } from "@/components/admin/users/row-action";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { PencilIcon, PlusIcon, RefreshIcon } from "@/components/ui/icons";
import { useAdminPages, useLivePageHealth } from "@/lib/hooks/use-admin-pages";

/**
 * /company/fb-pages: the company's connected pages and who may answer them (the Assign Pages modal).
 * Company admins also add, edit, reconnect and delete pages here (docs/DECISIONS.md "Who connects pages");
 * admins only see them.
 */
export function CompanyPagesScreen() {
  const { data, error, isValidating, mutate } = useAdminPages();
  const { user, token } = useAuth();
  useLivePageHealth(token, data?.map((p) => p._id) ?? []);
  const manages = can(user?.role, "pages.manage");
  const remove = useDeletePage();
  const { reconnect, pendingId } = useReconnectPage();

  return (
    <div className="space-y-8">
      <div>
        <PageHeader
          title="FB Pages"
          subtitle="Your company's connected Facebook pages."
          actions={
            manages ? (
              <HeaderLink href="/company/fb-pages/add" icon={PlusIcon}>
                Add Page
              </HeaderLink>
            ) : undefined
          }
        />
        {error && !data ? (
          <LoadError title="Error Loading Pages" message="Failed to load pages. Please try again." onRetry={() => mutate()} retrying={isValidating} />
        ) : !data ? (
          <LoadingBlock label="Loading pages..." />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">
              Total pages: <span className="font-semibold text-slate-900">{data.length}</span>
            </p>
            <PagesTable
              pages={data}
              empty="No pages connected yet."
              actions={
                manages
                  ? (page) => (
                      <>
                        <RowLink href={`/company/fb-pages/${page._id}/edit`} icon={PencilIcon} label={`Edit ${page.name}`}>
                          Edit
                        </RowLink>
                        <RowButton icon={RefreshIcon} label={`Reconnect ${page.name}`} disabled={pendingId === page._id} onClick={() => reconnect(page)}>
                          Reconnect
                        </RowButton>
                        <DeleteRowButton name={page.name} onClick={() => remove.ask(page)} />
                      </>
                    )
                  : undefined
              }
            />
          </>
        )}
      </div>
      <TeamAccessCard />
      <DeletePageConfirmation remove={remove} />
    </div>
  );
}
