import { db } from "@/server/db";
import { rows as rowsOf } from "@/server/db/sql/run";
import { wakeDueComments } from "@/server/db/sql/comment-work";
import { announceComment } from "@/server/services/comments/announce";
import { commentSelect } from "@/server/services/comments/serialize";

/** Comments woken per statement; the sweep repeats until none is left. */
const BATCH = 500;

/**
 * Snoozed comments whose time has come are open again (docs/PRODUCT.md §12), announced as `comment-updated`,
 * by the same minute's sweep as conversations' (workers/jobs/snooze-expiry.ts).
 */
export async function wakeSnoozedComments(now = new Date()): Promise<number> {
  let woken = 0;
  for (;;) {
    const ids = await rowsOf(wakeDueComments(now, BATCH));
    if (!ids.length) return woken;
    woken += ids.length;
    const rows = await db.comment.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: { ...commentSelect, pageId: true } });
    for (const row of rows) await announceComment(row.pageId, row);
    if (ids.length < BATCH) return woken;
  }
}
