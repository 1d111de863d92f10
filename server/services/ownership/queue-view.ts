import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { rows, firstRow } from "@/server/db/sql/run";
import { queueHeadsSql, queueLengthSql } from "@/server/db/sql/fair-queue";
import { findVisiblePage } from "@/server/access/pages";
import { listRowsByIds } from "@/server/services/conversations/list-rows";
import { toConversationListItem } from "@/server/services/conversations/serialize";
import { recordAudit } from "@/server/services/audit/record-audit";
import { handOutAfter } from "@/server/services/ownership/fair-queue";
import { QUEUE_COUNT_CAP, QUEUE_VIEW_LIMIT, type QueueView } from "@/lib/contract/queue-api";
import type { TFairQueueSwitch } from "@/lib/schemas/fair-queue";

// The Unassigned queue of a page (docs/PRODUCT.md §13.4): who waits, in the order the fair queue hands them
// out, and the page's switch for it.

/** GET /api/inbox/queue?pageId= */
export async function getQueue(actor: Actor, pageId: string): Promise<QueueView> {
  const page = await findVisiblePage(actor, pageId);
  const [heads, length] = await Promise.all([rows(queueHeadsSql([page.id], QUEUE_VIEW_LIMIT)), firstRow(queueLengthSql(page.id, QUEUE_COUNT_CAP))]);
  const listed = await listRowsByIds(page, heads.map((h) => h.id));
  const arrived = new Map(heads.map((h) => [h.id, h.createdAt]));
  return {
    pageId: page.id,
    fairQueue: page.fairQueue,
    total: length?.total ?? 0,
    data: listed.map((row, i) => ({ position: i + 1, arrived_at: arrived.get(row.id)!.toISOString(), conversation: toConversationListItem(row) })),
  };
}

/** PUT /api/inbox/queue {pageId, fairQueue} — the page's switch (admins); turned on, what waits is handed out. */
export async function setFairQueue(actor: Actor, input: TFairQueueSwitch) {
  const page = await findVisiblePage(actor, input.pageId);
  if (page.fairQueue !== input.fairQueue) {
    await db.$transaction(async (tx) => {
      await tx.page.update({ where: { id: page.id }, data: { fairQueue: input.fairQueue } });
      const target = { type: "page" as const, id: page.id, name: page.name };
      await recordAudit({ companyId: page.companyId, actor, action: "page.inbox_settings_changed", target, details: { fairQueue: { from: page.fairQueue, to: input.fairQueue } } }, tx);
    });
    if (input.fairQueue) await handOutAfter("the fair queue was turned on", { companyId: page.companyId, pageIds: [page.id] });
  }
  return getQueue(actor, page.id);
}
