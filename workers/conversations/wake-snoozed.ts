import { db } from "@/server/db";
import { conversationListSelect } from "@/server/services/conversations/serialize";
import { announceConversation } from "@/server/services/conversations/update-flags";

/** Conversations woken per statement; the sweep repeats until none is left. */
const BATCH = 500;

/**
 * Snoozes whose time has come go back to Open (docs/PRODUCT.md §11), announced as `conversation-updated`.
 * Run every minute by the worker (workers/jobs/snooze-expiry.ts, scheduled by workers/schedules/snooze-expiry.ts), so a snooze ends within a minute of its
 * time. SKIP LOCKED: two workers never wake the same row, nor wait on a row an agent is changing.
 */
export async function wakeSnoozed(now = new Date()): Promise<number> {
  let woken = 0;
  for (;;) {
    const ids = await db.$queryRaw<{ id: string }[]>`
      UPDATE conversations SET status = 'open', snoozed_until = NULL, status_at = ${now}, updated_at = now()
       WHERE id IN (SELECT id FROM conversations
                     WHERE status = 'snoozed' AND snoozed_until IS NOT NULL AND snoozed_until <= ${now}
                     ORDER BY snoozed_until LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id`;
    if (!ids.length) return woken;
    woken += ids.length;
    const rows = await db.conversation.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: conversationListSelect });
    for (const row of rows) announceConversation(row.id, row.pageId, row);
    if (ids.length < BATCH) return woken;
  }
}
