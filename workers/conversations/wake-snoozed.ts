import { db } from "@/server/db";
import { rows as rowsOf, sqlDb } from "@/server/db/sql/run";
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
    const due = sqlDb()
      .selectFrom("conversations")
      .select("id")
      .where("status", "=", "snoozed")
      .where("snoozed_until", "is not", null)
      .where("snoozed_until", "<=", now)
      .orderBy("snoozed_until")
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    const wake = sqlDb()
      .updateTable("conversations")
      .set((eb) => ({ status: "open", snoozed_until: null, status_at: now, updated_at: eb.fn("now") }))
      .where("id", "in", due)
      .returning("id");
    const ids = await rowsOf(wake);
    if (!ids.length) return woken;
    woken += ids.length;
    const rows = await db.conversation.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: conversationListSelect });
    for (const row of rows) announceConversation(row.id, row.pageId, row);
    if (ids.length < BATCH) return woken;
  }
}
