import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TAssignConversation } from "@/lib/schemas/conversations";
import { findVisibleConversation } from "@/server/access/conversations";
import { conversationListSelect } from "@/server/services/conversations/serialize";
import { announceConversation } from "@/server/services/conversations/update-flags";
import { checkAssignment } from "@/server/services/ownership/assignment-rule";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

/**
 * POST /api/conversations/assign — give a conversation to an agent of its page, or to nobody. Any agent
 * may take an unassigned conversation (or give back their own); admins and company admins reassign
 * freely. Refusals are 409, never 403: a 403 ends the agent's session (PRODUCT §8). The write is a
 * compare-and-set on the owner the checks saw, so two agents clicking "Assign to me" at once cannot both
 * win; the loser hears who got it.
 */
export async function assignConversation(actor: Actor, input: TAssignConversation) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  const target = input.assigneeId;
  const current = conversation.assigneeId;
  if (target === current) return { success: true, conversation: announceConversation(conversation.id, conversation.pageId, await readRow(conversation.id)) };

  await checkAssignment(actor, { current, target, page: { id: conversation.pageId, companyId: conversation.page.companyId }, thing: "conversation" });

  const { count } = await db.conversation.updateMany({ where: { id: conversation.id, assigneeId: current }, data: { assigneeId: target } });
  const row = await readRow(conversation.id);
  if (count === 0) {
    throw new AppError("conflict", row.assignee ? `This conversation was just assigned to ${row.assignee.name}` : "This conversation was just unassigned", {
      conversation: announceConversation(conversation.id, conversation.pageId, row),
    });
  }
  const item = announceConversation(conversation.id, conversation.pageId, row);
  // The previous owner has room again, or the conversation waits in the queue now (fair queue, PRODUCT §13.4):
  // after this change is announced, so a hand-out's announcement comes after it.
  if (current !== null || target === null) await handOutAfter("an assignment", { companyId: conversation.page.companyId });
  return { success: true, conversation: item };
}

function readRow(id: string) {
  return db.conversation.findUniqueOrThrow({ where: { id }, select: conversationListSelect });
}
