"use client";

import { useId, useState } from "react";
import { PageHeader } from "@/components/layout/page-header";
import { LoadError } from "@/components/admin/common/load-error";
import { Select } from "@/components/admin/common/select";
import { StatCard } from "@/components/admin/dashboard/stat-card";
import { Button } from "@/components/ui/button";
import { ClockIcon, FlagIcon, MessageIcon, RefreshIcon, ShieldAlertIcon, UsersIcon } from "@/components/ui/icons";
import { formatTimeWithSeconds } from "@/lib/format/dates";
import { ALL_PAGES, useDashboardStats } from "@/lib/hooks/use-admin-dashboard";
import { useAuth } from "@/components/auth/auth-provider";
import { can } from "@/lib/access/permissions";
import { HeadlineCards } from "@/components/admin/reports/headline-cards";
import type { CommentCounts, DashboardStats, UserCounts } from "@/lib/contract/dashboard-api";
import { CHANNEL_LABELS, CHANNELS } from "@/lib/inbox/channels";

/** "Messenger 4 · Instagram 1": a card's count per channel (issue 31), once the stats are in. */
function bySplit(data: DashboardStats | undefined, figure: keyof UserCounts): string | undefined {
  if (!data?.byChannel) return undefined;
  return CHANNELS.map((c) => `${CHANNEL_LABELS[c]} ${data.byChannel[c][figure].toLocaleString("en-US")}`).join(" · ");
}

/** "Facebook 3 · Instagram 1": a comment card's count per place (issue 42 point 3). */
function commentSplit(data: DashboardStats | undefined, figure: keyof CommentCounts): string | undefined {
  if (!data?.comments) return undefined;
  return `Facebook ${data.comments.fb_comment[figure].toLocaleString("en-US")} · Instagram ${data.comments.ig_comment[figure].toLocaleString("en-US")}`;
}

const commentTotal = (data: DashboardStats | undefined, figure: keyof CommentCounts): number | null =>
  data?.comments ? data.comments.fb_comment[figure] + data.comments.ig_comment[figure] : null;

/** PRODUCT §2 Dashboard: a page dropdown ('All Pages' or one), Total / Important / Spam Users, 'Last updated'. */
export function DashboardScreen() {
  const selectId = useId();
  const [pageId, setPageId] = useState(ALL_PAGES);
  const { data, error, isValidating, mutate } = useDashboardStats(pageId);
  const { user } = useAuth();

  return (
    <div>
      <PageHeader
        title="Dashboard"
        subtitle="Overview of user metrics across your pages"
        actions={
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <label htmlFor={selectId} className="sr-only">
              Page
            </label>
            <Select id={selectId} value={pageId} onChange={(e) => setPageId(e.target.value)} className="min-w-0 flex-1 sm:w-56">
              <option value={ALL_PAGES}>All Pages</option>
              {data?.pages.map((page) => (
                <option key={page._id} value={page._id}>
                  {page.name}
                </option>
              ))}
            </Select>
            <Button variant="secondary" size="icon" aria-label="Refresh" onClick={() => mutate()} disabled={isValidating}>
              <RefreshIcon className={isValidating ? "size-4 animate-spin" : "size-4"} />
            </Button>
          </div>
        }
      />
      {error && !data ? (
        <LoadError title="Error Loading Stats" message="Failed to load stats. Please try again." onRetry={() => mutate()} retrying={isValidating} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Total Users" value={data?.total ?? null} icon={UsersIcon} tone="indigo" detail={bySplit(data, "total")} />
            <StatCard label="Important Users" value={data?.important ?? null} icon={FlagIcon} tone="amber" detail={bySplit(data, "important")} />
            <StatCard label="Spam Users" value={data?.spam ?? null} icon={ShieldAlertIcon} tone="red" detail={bySplit(data, "spam")} />
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <StatCard label="Commenters" value={commentTotal(data, "commenters")} icon={MessageIcon} tone="indigo" detail={commentSplit(data, "commenters")} />
            <StatCard label="Comments Awaiting an Answer" value={commentTotal(data, "unanswered")} icon={ClockIcon} tone="amber" detail={commentSplit(data, "unanswered")} />
          </div>
          {user && can(user.role, "reports.view") && (
            <div className="mt-6">
              <h2 className="mb-3 text-base font-semibold text-slate-900">Responses</h2>
              <HeadlineCards pageId={pageId === ALL_PAGES ? null : pageId} />
            </div>
          )}
          <p className="mt-4 text-sm text-slate-500" aria-live="polite">
            Last updated: {data ? formatTimeWithSeconds(data.updatedAt) : "…"}
          </p>
        </>
      )}
    </div>
  );
}
