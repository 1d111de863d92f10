"use client";

import { PageHeader } from "@/components/layout/page-header";
import { BackLink } from "@/components/admin/common/back-link";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { PagesTable } from "@/components/admin/pages/pages-table";
import { RowButton, RowLink } from "@/components/admin/users/row-action";
import { PencilIcon, UserIcon } from "@/components/ui/icons";
import { useAdminPages, useLivePageHealth } from "@/lib/hooks/use-admin-pages";
import { useAuth } from "@/components/auth/auth-provider";

/** /pages: every connected page. PRODUCT §2: its view button only logs (kept, for parity). */
export function AllPagesScreen() {
  const { data, error, isValidating, mutate } = useAdminPages();
  useLivePageHealth(useAuth().token, data?.map((p) => p._id) ?? []);

  return (
    <div>
      <BackLink href="/users">Back to Users</BackLink>
      <PageHeader title="All Pages" subtitle={data ? `${data.length} connected ${data.length === 1 ? "page" : "pages"} across every company.` : undefined} />
      {error && !data ? (
        <LoadError title="Error Loading Pages" message="Failed to load pages. Please try again." onRetry={() => mutate()} retrying={isValidating} />
      ) : !data ? (
        <LoadingBlock label="Loading pages..." />
      ) : (
        <PagesTable
          pages={data}
          showCompany
          actions={(page) => (
            <>
              <RowButton icon={UserIcon} label={`View ${page.name}`} onClick={() => console.log("page", page)}>
                View
              </RowButton>
              <RowLink href={`/edit-page/${page._id}`} icon={PencilIcon} label={`Edit ${page.name}`}>
                Edit
              </RowLink>
            </>
          )}
        />
      )}
    </div>
  );
}
