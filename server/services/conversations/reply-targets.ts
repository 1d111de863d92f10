import { directPool } from "@/server/db/direct";
import type { ReplyTarget } from "@/server/services/conversations/serialize";

/**
 * The messages some replies quote, by mid, in one query — and none when no message is a reply, so a
 * thread without replies costs nothing more. Scoped to the conversation: a reply never reveals a message of
 * another thread even if a forged reply_to names its mid. Plain pg: the thread's read (thread-rows.ts).
 */
export async function loadReplyTargets(conversationId: string, rows: { replyToMid: string | null }[]): Promise<Map<string, ReplyTarget>> {
  const mids = [...new Set(rows.flatMap((r) => (r.replyToMid ? [r.replyToMid] : [])))];
  if (!mids.length) return new Map();
  const { rows: targets } = await directPool().query<ReplyTarget>({
    name: "reply-targets",
    text: `SELECT mid, text, kind, deleted_at AS "deletedAt", direction::text AS direction
             FROM messages WHERE conversation_id = $1::uuid AND mid = ANY($2::text[])`,
    values: [conversationId, mids],
  });
  return new Map(targets.map((t) => [t.mid, t]));
}
