import type { Actor } from "@/server/services/auth/actor";
import { firstRow } from "@/server/db/sql/run";
import { headlineFigures } from "@/server/db/sql/response-events";
import type { ResponseHeadline } from "@/lib/contract/reports-api";
import { reportScope } from "@/server/services/reports/report-scope";

/**
 * GET /api/reports/headline?pageId= — the dashboard's figures (docs/PRODUCT.md §11): median first response
 * today (company time) against the 7 days before, open and unassigned now, and the longest wait now.
 * One statement after the scope (headlineFigures): index reads only, the rollup rows of 8 days and the
 * partial indexes on open and waiting conversations.
 */
export async function responseHeadline(actor: Actor, pageId: string | undefined, now = new Date()): Promise<ResponseHeadline> {
  const scope = await reportScope(actor, pageId);
  const figures = await firstRow(headlineFigures(scope.companyId, scope.pages.map((p) => p.id), scope.timezone, now));
  return {
    timezone: scope.timezone,
    firstResponseToday: figures?.today ?? null,
    firstResponseLast7Days: figures?.last_7_days ?? null,
    openNow: figures?.open ?? 0,
    unassignedNow: figures?.unassigned ?? 0,
    longestWaitSince: figures?.longest_wait_since?.toISOString() ?? null,
  };
}
