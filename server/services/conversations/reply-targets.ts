import { prepared, rows as rowsOf, sqlDb } from "@/server/db/sql/run";
import type { ReplyTarget } from "@/server/services/conversations/serialize";

/**
 * The messages some replies quote, by mid, in one query — and none when no message is a reply, so a
 * thread without replies costs nothing more. Scoped to the conversation: a reply never reveals a message of
 * another thread even if a forged reply_to names its mid. Through the SQL layer, as the thread's read (thread-rows.ts).
 */
export async function loadReplyTargets(conversationId: string, rows: { replyToMid: string | null }[]): Promise<Map<string, ReplyTarget>> {
  const mids = [...new Set(rows.flatMap((r) => (r.replyToMid ? [r.replyToMid] : [])))];
  if (!mids.length) return new Map();
  const query = sqlDb()
    .selectFrom("messages")
    .select(["mid", "text", "kind", "deleted_at as deletedAt", "direction"])
    .where("conversation_id", "=", conversationId)
    .where("mid", "=", (eb) => eb.fn.any(eb.val(mids)));
  const targets = (await rowsOf(prepared("reply-targets", query))).map((t) => ({ ...t, mid: t.mid! }));
  return new Map(targets.map((t) => [t.mid, t]));
}
