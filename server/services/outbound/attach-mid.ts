import { db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/unique";
import { messageColumns, type MessageRow } from "@/server/services/conversations/serialize";

/**
 * Records Meta's message id, in one statement as a rule. If the echo webhook already stored the message as
 * its own row (it arrived before this answer and its metadata settled no reply: reply-echo.ts), that row
 * goes and ours — with its author — takes the id. The author is the caller's (the agent who sent it): selecting it through
 * the relation made Prisma wrap the UPDATE and a SELECT in a transaction, 3 round trips and a commit on
 * the reply's path (10 ms at p50 under the load benchmark).
 */
export async function attachMid(messageId: string, mid: string, author: MessageRow["author"]): Promise<MessageRow> {
  const sent = { where: { id: messageId }, data: { mid, sendStatus: "sent" as const }, select: messageColumns };
  try {
    return { ...(await db.message.update(sent)), author };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [, row] = await db.$transaction([db.message.deleteMany({ where: { mid, id: { not: messageId } } }), db.message.update(sent)]);
    return { ...row, author };
  }
}
