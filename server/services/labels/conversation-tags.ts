import { db } from "@/server/db";
import { AppError } from "@/server/http/errors";
import { SENDER_MISMATCH } from "@/lib/schemas/labels";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationListSelect, toConversationListItem } from "@/server/services/conversations/serialize";
import { toApiTags } from "@/server/services/labels/serialize";

// Shared by assign and remove: the spec's clients send the customer's PSID as senderId; a mismatch means
// the UI is pointing at another person than the conversation, so refuse rather than tag the wrong one.
export function checkSender(conversation: { customer: { psid: string } }, senderId: string | undefined) {
  if (senderId && senderId !== conversation.customer.psid) throw new AppError("bad_request", SENDER_MISMATCH, { fields: { senderId: SENDER_MISMATCH } });
}

/** The conversation's tags after a change; watchers of the page and the thread get the new list item. */
export async function publishTags(conversationId: string, changed: boolean) {
  const row = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: conversationListSelect });
  const item = toConversationListItem(row);
  if (changed) emitToPageAndConversation(row.pageId, row.id, SERVER_EVENTS.conversationUpdated, { conversation: item, pageId: row.pageId, conversationId: row.id });
  return { success: true as const, tags: toApiTags(item.tags) };
}

/** After a label is deleted, every conversation that lost its tag gets a fresh list item (in batches). */
export async function publishTagsOf(conversationIds: string[]) {
  for (let i = 0; i < conversationIds.length; i += 200) {
    const rows = await db.conversation.findMany({ where: { id: { in: conversationIds.slice(i, i + 200) } }, select: conversationListSelect });
    for (const row of rows) {
      emitToPageAndConversation(row.pageId, row.id, SERVER_EVENTS.conversationUpdated, { conversation: toConversationListItem(row), pageId: row.pageId, conversationId: row.id });
    }
  }
}
