"use client";

import { PageHeader } from "@/components/layout/page-header";
import { TeamAccessCard } from "@/components/admin/assign/team-access-card";
import { LoadError } from "@/components/admin/common/load-error";
import { LoadingBlock } from "@/components/admin/common/loading-block";
import { PagesTable } from "@/components/admin/pages/pages-table";
import { useAdminPages } from "@/lib/hooks/use-admin-pages";

/** /company/fb-pages: the company's connected pages and who may answer them (the Assign Pages modal). */
export function CompanyPagesScreen() {
  const { data, error, isValidating, mutate } = useAdminPages();

  return (
    <div className="space-y-8">
      <div>
        <PageHeader title="FB Pages" subtitle="Your company's connected Facebook pages." />
        {error && !data ? (
          <LoadError title="Error Loading Pages" message="Failed to load pages. Please try again." onRetry={() => mutate()} retrying={isValidating} />
        ) : !data ? (
          <LoadingBlock label="Loading pages..." />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">
              Total pages: <span className="font-semibold text-slate-900">{data.length}</span>
            </p>
            <PagesTable pages={data} empty="No pages connected yet." />
          </>
        )}
      </div>
      <TeamAccessCard />
    </div>
  );
}
