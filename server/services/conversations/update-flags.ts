import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TConversationRef } from "@/lib/schemas/conversations";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { deliverSenderAction } from "@/server/services/outbound/send-sender-action";
import { findVisibleConversation } from "@/server/access/conversations";
import { conversationListSelect, toConversationListItem, type ConversationListRow } from "@/server/services/conversations/serialize";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

type Change = { isImportant?: boolean; isSpam?: boolean; unreadCount?: number };

async function update(conversationId: string, pageId: string, change: Change) {
  const row = await db.conversation.update({ where: { id: conversationId }, data: change, select: conversationListSelect });
  return announceConversation(conversationId, pageId, row);
}

/** Everyone on the page (and in the thread) gets the changed list item as `conversation-updated`. */
export function announceConversation(conversationId: string, pageId: string, row: ConversationListRow) {
  const item = toConversationListItem(row);
  emitToPageAndConversation(pageId, conversationId, SERVER_EVENTS.conversationUpdated, { conversation: item, pageId, conversationId });
  return item;
}

/** PUT /api/conversations/mark-read: opening a conversation sets its unread count to 0. */
export async function markRead(actor: Actor, ref: TConversationRef) {
  const conversation = await findVisibleConversation(actor, ref.conversationId, ref.pageId);
  const item = await update(conversation.id, conversation.pageId, { unreadCount: 0 });
  // An agent opened unread customer messages: the customer's Messenger shows them as seen. Not awaited:
  // the inbox never waits on Facebook for this.
  if (conversation.unreadCount > 0) void deliverSenderAction(conversation, "mark_seen");
  return { success: true, conversation: item };
}

/** POST /api/conversations/mark-important and mark-spam: each flag toggles independently (PRODUCT §4). */
export async function toggleFlag(actor: Actor, ref: TConversationRef, flag: "isImportant" | "isSpam") {
  const conversation = await findVisibleConversation(actor, ref.conversationId, ref.pageId);
  const item = await update(conversation.id, conversation.pageId, { [flag]: !conversation[flag] });
  // Spam leaves its owner's load and the queue; not spam any more, it may wait in the queue again.
  if (flag === "isSpam" && actor.companyId) await handOutAfter("a spam change", { companyId: actor.companyId });
  return { success: true, is_important: item.is_important, is_spam: item.is_spam, conversation: item };
}
