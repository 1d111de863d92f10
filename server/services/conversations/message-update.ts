import { db } from "@/server/db";
import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { conversationListSelect, messageSelect, toApiMessage, toConversationListItem, type MessageRow } from "@/server/services/conversations/serialize";
import { loadReplyTargets } from "@/server/services/conversations/reply-targets";
import { applyToConversation } from "@/server/services/conversations/conversation-summary";
import type { IngestPage } from "@/server/services/inbound/ingest-context";

// Reactions, edits and unsends change a message already in the thread (handle-reaction.ts, handle-edit.ts,
// handle-unsend.ts). They find it by mid on this page, and announce the new state as `message-updated`.
// They cost a few Prisma statements; Meta sends them far more rarely than messages.

type Target = MessageRow;

/** The stored message a reaction/edit/unsend names, on this page only; null when not (yet) stored. */
export async function findTarget(page: IngestPage, mid: string): Promise<Target | null> {
  return db.message.findFirst({
    where: { mid, conversation: { pageId: page.id } },
    select: messageSelect,
  });
}

/** The thread can wait for the message, a retry from the quarantine applies it once it is stored. */
export function targetMissing(mid: string): Error {
  return new Error(`the message ${mid} it refers to is not stored (yet)`);
}

/** An edit or unsend of the conversation's latest message changes the list's preview (and what search finds there). */
export async function replacePreviewIfLatest(target: Target, text: string): Promise<void> {
  await db.conversation.updateMany({ where: { id: target.conversationId, lastMessageAt: target.createdTime }, data: { lastMessageText: text } });
}

/**
 * Pushes the message's new state to the open thread and the page's list; with `preview`, the list's
 * last-message line changes too (a reaction), folded in event-time order like any message. Also used when
 * a message's attachments were copied (copy-attachments.ts).
 */
export async function announceUpdate(messageId: string, preview?: { at: Date; text: string }): Promise<void> {
  const message = await db.message.findUniqueOrThrow({
    where: { id: messageId },
    select: { ...messageSelect, conversation: { select: { pageId: true, customer: { select: conversationListSelect.customer.select }, page: { select: conversationListSelect.page.select } } } },
  });
  const { conversation: owner, ...row } = message;
  const replyTarget = row.replyToMid ? (await loadReplyTargets(row.conversationId, [row])).get(row.replyToMid) : null;
  const conversation = preview
    ? await applyToConversation(row.conversationId, { at: preview.at, text: preview.text, isImage: false, inbound: false }, owner.customer, owner.page)
    : await db.conversation.findUniqueOrThrow({ where: { id: row.conversationId }, select: conversationListSelect });
  emitToRooms([pageRoom(owner.pageId), conversationRoom(row.conversationId)], SERVER_EVENTS.messageUpdated, {
    message: toApiMessage(row, { customerName: owner.customer.name, pageName: owner.page.name }, replyTarget),
    conversation: toConversationListItem(conversation),
    pageId: owner.pageId,
    conversationId: row.conversationId,
  });
}
