import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TRemoveTag } from "@/lib/schemas/labels";
import { findVisibleConversation } from "@/server/access/conversations";
import { checkSender, publishTags } from "@/server/services/labels/conversation-tags";

/** POST /api/page-labels/remove-tag: take one tag off the conversation's person; removing an absent tag is a no-op. */
export async function removeTag(actor: Actor, input: TRemoveTag) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  checkSender(conversation, input.senderId);
  const { count } = await db.customerTag.deleteMany({ where: { customerId: conversation.customerId, name: input.tagToRemove } });
  return publishTags(conversation.id, count > 0);
}
