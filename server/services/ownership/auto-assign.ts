import { db } from "@/server/db";

/**
 * A page with auto-assign on gives a conversation nobody owns to the agent who replies first. Conditional
 * on "still nobody's", so an assignment made meanwhile is never overwritten; the reply's list item, read
 * after this, carries the new owner to everyone on the page.
 */
export async function assignToFirstReplier(page: { autoAssign: boolean }, conversation: { id: string; assigneeId: string | null }, actorId: string): Promise<void> {
  if (!page.autoAssign || conversation.assigneeId !== null) return;
  await db.conversation.updateMany({ where: { id: conversation.id, assigneeId: null }, data: { assigneeId: actorId } });
}
