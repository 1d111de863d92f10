import { db } from "@/server/db";
import { isUniqueViolation } from "@/server/db-unique";
import { messageSelect } from "@/server/services/conversations/serialize";

/**
 * Records Meta's message id, in one statement as a rule. If the echo webhook already stored the message as
 * its own row (it arrived before this answer and found no pending row to claim), that row goes and ours —
 * with its author — takes the id.
 */
export async function attachMid(messageId: string, mid: string) {
  const sent = { where: { id: messageId }, data: { mid, sendStatus: "sent" as const }, select: messageSelect };
  try {
    return await db.message.update(sent);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [, row] = await db.$transaction([db.message.deleteMany({ where: { mid, id: { not: messageId } } }), db.message.update(sent)]);
    return row;
  }
}
