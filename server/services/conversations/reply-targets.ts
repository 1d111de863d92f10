import { db } from "@/server/db";
import type { ReplyTarget } from "@/server/services/conversations/serialize";

/**
 * The messages some replies quote, by mid, in one query — and none when no message is a reply, so a
 * thread without replies costs nothing more. Scoped to the conversation: a reply never reveals a message of
 * another thread even if a forged reply_to names its mid.
 */
export async function loadReplyTargets(conversationId: string, rows: { replyToMid: string | null }[]): Promise<Map<string, ReplyTarget>> {
  const mids = [...new Set(rows.flatMap((r) => (r.replyToMid ? [r.replyToMid] : [])))];
  if (!mids.length) return new Map();
  const targets = await db.message.findMany({
    where: { conversationId, mid: { in: mids } },
    select: { mid: true, text: true, kind: true, deletedAt: true, direction: true },
  });
  return new Map(targets.map((t) => [t.mid!, { ...t, mid: t.mid! }]));
}
