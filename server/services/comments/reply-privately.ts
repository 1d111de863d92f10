import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment } from "@/server/access/comments";
import { sendPrivateReply } from "@/server/integrations/meta/graph-comments";
import { decryptSecret } from "@/server/security/secret-box";
import { checkCommentLinks } from "@/server/services/outbound/record-violation";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";
import { findOrCreateContact } from "@/server/services/inbound/customers";
import { lookUpProfileLater } from "@/server/services/inbound/profile-lookup";
import { recordOwnMessageOnce } from "@/server/services/conversations/record-message";
import { messageSelect, toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { currentListRow, toListRow } from "@/server/services/conversations/conversation-summary";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { MENTION_PUBLIC_ONLY, PRIVATE_REPLY_EXPIRED, PRIVATE_REPLY_SENT } from "@/lib/contract/comments-api";
import { ALREADY_REPLIED_CODE, commentActionFailure } from "@/server/services/comments/graph-failure";
import { announceComment } from "@/server/services/comments/announce";
import { assertMayAnswer } from "@/server/services/comments/may-answer";
import { commentSelect, privateReplyOpen, toApiComment } from "@/server/services/comments/serialize";
import { GraphError } from "@/server/integrations/meta/graph-errors";

/**
 * POST /api/comments/{id}/private-reply: a message to the commenter (Send API, `recipient: {comment_id}`),
 * which opens — or joins — their Messenger or Direct conversation, where the thread continues when they
 * answer. Meta allows one per comment, within 7 days of it: refused here before Meta is asked, and Meta's
 * own refusal (another tool replied first) is recorded so the button stays off.
 */
export async function replyPrivately(actor: Actor, id: string, text: string) {
  const comment = await findVisibleComment(actor, id);
  assertMayAnswer(comment);
  if (comment.mention) throw new AppError("unprocessable", MENTION_PUBLIC_ONLY);
  if (comment.privateReplyAt) throw new AppError("unprocessable", PRIVATE_REPLY_SENT);
  if (comment.fromPage) throw new AppError("unprocessable", "This is the Page's own comment.");
  if (!privateReplyOpen(comment)) throw new AppError("unprocessable", PRIVATE_REPLY_EXPIRED);
  const { page } = comment;
  const urls = await checkCommentLinks({ actor, companyId: page.companyId, page, text });
  if (urls) throw new AppError("unprocessable", VIOLATION_ERROR, { urls });

  let sent: { recipientId: string; messageId: string };
  try {
    sent = await sendPrivateReply(page.facebookPageId, decryptSecret(page.accessTokenEnc), comment.externalId, text);
  } catch (error) {
    if (error instanceof GraphError && error.code === ALREADY_REPLIED_CODE) await db.comment.update({ where: { id: comment.id }, data: { privateReplyAt: new Date() } });
    throw await commentActionFailure(page.id, "POST /messages", error);
  }

  const ref = { id: page.id, name: page.name, facebookPageId: page.facebookPageId, channel: comment.channel };
  const customer = await findOrCreateContact(ref, sent.recipientId);
  const now = new Date();
  const recorded = await recordOwnMessageOnce({
    conversationId: customer.conversationId,
    mid: sent.messageId,
    direction: "outbound",
    senderId: page.facebookPageId,
    authorId: actor.id,
    isEcho: false,
    sendStatus: "sent",
    createdTime: now,
    text,
    stickerUrl: null,
    attachments: [],
    isImage: false,
    kind: "text",
    payload: null,
    replyToMid: null,
    referral: null,
    deletedAt: null,
    preview: null,
    countsAsInbound: false,
    answersCustomer: true,
  });
  const names = { customerName: customer.name, pageName: page.name };
  const shown = { id: customer.id, psid: customer.psid, name: customer.name, avatarUrl: customer.avatarUrl };
  const rooms = { pageId: page.id, conversationId: customer.conversationId };
  if (recorded) {
    const listRow = toListRow(customer.conversationId, recorded.summary, shown, ref);
    const message = toApiMessage({ ...recorded.message, author: { id: actor.id, name: actor.name } }, names);
    emitToPageAndConversation(page.id, customer.conversationId, SERVER_EVENTS.newMessage, { message, conversation: toConversationListItem(listRow), ...rooms });
  } else {
    // Meta's echo of it arrived before its answer and was stored as the Page's message: it is this agent's.
    const row = await db.message.update({ where: { mid: sent.messageId }, data: { authorId: actor.id, answersCustomer: true }, select: messageSelect });
    const listRow = await currentListRow(customer.conversationId, shown, ref);
    emitToPageAndConversation(page.id, customer.conversationId, SERVER_EVENTS.messageUpdated, { message: toApiMessage(row, names), conversation: toConversationListItem(listRow), ...rooms });
  }
  if (customer.needsProfile) lookUpProfileLater({ page: ref, customerId: customer.id, psid: customer.psid, conversationId: customer.conversationId });

  const row = await db.comment.update({
    where: { id: comment.id },
    data: { privateReplyAt: now, privateReplyConversationId: customer.conversationId, answeredAt: comment.answeredAt ?? now },
    select: commentSelect,
  });
  await announceComment(page.id, row);
  return { comment: toApiComment(row), conversationId: customer.conversationId };
}
