import type { Actor } from "@/server/auth/actor";
import { firstRow } from "@/server/db/sql/run";
import { firstResponseMedian, localMidnight, localToday, openNow } from "@/server/db/sql/response-events";
import type { ResponseHeadline } from "@/lib/contract/reports-api";
import { reportScope } from "@/server/services/reports/report-scope";

/**
 * GET /api/reports/headline?pageId= — the dashboard's figures (docs/PRODUCT.md §11): median first response
 * today (company time) against the 7 days before, open and unassigned now, and the longest wait now.
 * Index reads only: the rollup rows of 8 days, and the partial indexes on open and waiting conversations.
 */
export async function responseHeadline(actor: Actor, pageId: string | undefined, now = new Date()): Promise<ResponseHeadline> {
  const scope = await reportScope(actor, pageId);
  const pageIds = scope.pages.map((p) => p.id);
  const today = (await firstRow(localToday(scope.timezone, now)))!.day;
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const [start, weekStart] = await Promise.all([firstRow(localMidnight(today, scope.timezone)), firstRow(localMidnight(weekAgo, scope.timezone))]);
  const [todays, week, open] = await Promise.all([
    firstRow(firstResponseMedian(pageIds, start!.at, now)),
    firstRow(firstResponseMedian(pageIds, weekStart!.at, start!.at)),
    firstRow(openNow(pageIds)),
  ]);
  return {
    timezone: scope.timezone,
    firstResponseToday: todays?.median ?? null,
    firstResponseLast7Days: week?.median ?? null,
    openNow: open?.open ?? 0,
    unassignedNow: open?.unassigned ?? 0,
    longestWaitSince: open?.longest_wait_since?.toISOString() ?? null,
  };
}
