import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import type { TSendMessage } from "@/lib/schemas/messages";
import { AppError } from "@/server/http/errors";
import { sendMessage as graphSend, type OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { messagingWindow } from "@/lib/contract/messaging-window";
import { decryptSecret } from "@/server/security/secret-box";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { findSendTarget, type SendTarget } from "@/server/services/outbound/send-target";
import { messageSelect, toApiMessage, toConversationListItem, type ConversationListRow, type MessageRow } from "@/server/services/conversations/serialize";
import { currentListRow, restorePreview, toListRow } from "@/server/services/conversations/conversation-summary";
import { recordOwnMessage } from "@/server/services/conversations/record-message";
import { checkOutgoingLinks } from "@/server/services/outbound/record-violation";
import { assertSendableFileUrl, assertSendableImageUrl } from "@/server/services/uploads/sendable-image";
import { attachmentPreview, type StoredAttachment } from "@/lib/inbox/message-kinds";
import { assignToFirstReplier } from "@/server/services/ownership/auto-assign";
import { attachMid } from "@/server/services/outbound/attach-mid";
import { assertMaySend } from "@/server/services/outbound/send-pause";
import { changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { logger } from "@/server/observability/log";
import { replyMetadata } from "@/server/services/outbound/reply-echo";
import { fitsInstagram, INSTAGRAM_TEXT_TOO_LONG } from "@/lib/inbox/channels";

export const VIOLATION_ERROR = "Security Violation Alert: Unauthorized content detected in your message";

/**
 * POST /api/send-message: whitelist, window policy, then the Send API; the message appears exactly once.
 * Sockets get `new-message` (pending) before the Send API call, then `message-updated` (sent, with Meta's id)
 * or `message-removed` when Meta refused it.
 */
export async function sendAgentMessage(actor: Actor, input: TSendMessage) {
  const conversation = await findSendTarget(actor, input.conversationId, input.pageId);
  const { page, customer } = conversation;
  if (input.recipient_id && input.recipient_id !== customer.psid) throw new AppError("bad_request", "recipient_id does not belong to this conversation");
  assertMaySend(conversation);
  const text = input.message_type === "text" ? input.text : "";
  // Instagram takes 1000 bytes of text where Messenger takes 2000 characters: said before Meta is asked.
  if (customer.channel === "instagram" && !fitsInstagram(text)) throw new AppError("unprocessable", INSTAGRAM_TEXT_TOO_LONG);
  const names = { customerName: customer.name, pageName: page.name };
  if (input.imageUrl) await assertSendableImageUrl(input.imageUrl, page.companyId);
  if (input.fileUrl) await assertSendableFileUrl(input.fileUrl, page.companyId);

  if (text) {
    const blocked = await checkOutgoingLinks({ actor, companyId: page.companyId, page, conversationId: conversation.id, text });
    if (blocked) {
      const row = await db.message.findUniqueOrThrow({ where: { id: blocked.messageId }, select: messageSelect });
      // 200 with {error, urls}: the spec's clients read the violation from the body (docs/DECISIONS.md).
      return { error: VIOLATION_ERROR, urls: blocked.urls, message: toApiMessage(row, names) };
    }
  }

  const window = messagingWindow(conversation.lastInboundAt);
  if (window.state === "closed") throw new AppError("unprocessable", window.reason, { window: window.state });
  if (page.tokenStatus === "needs_token") throw new AppError("bad_gateway", agentMessageFor(new GraphError("token_invalid", "")));

  const file: StoredAttachment | null =
    input.fileUrl && input.message_type !== "text" && input.message_type !== "image" ? { type: input.message_type, url: input.fileUrl, name: input.fileName || undefined } : null;
  const message: OutgoingMessage = input.imageUrl
    ? { attachment: { type: "image", payload: { url: input.imageUrl, is_reusable: true } } }
    : file
      ? { attachment: { type: input.message_type as "audio" | "video" | "file", payload: { url: file.url!, is_reusable: true } } }
      : { text };
  // Stored as pending and folded into the preview in one statement, then shown to the other agents at once
  // ("Sending"): they see the reply while Meta's answer is on its way (hundreds of ms against the real Graph
  // API), which is also what keeps two agents from answering the same customer twice.
  const pending = await recordOwnMessage({
    conversationId: conversation.id,
    mid: null,
    direction: "outbound",
    senderId: page.facebookPageId,
    authorId: actor.id,
    isEcho: false,
    sendStatus: "pending",
    createdTime: new Date(),
    text: text || null,
    stickerUrl: null,
    attachments: input.imageUrl ? [{ type: "image", url: input.imageUrl }] : file ? [file] : [],
    isImage: Boolean(input.imageUrl),
    kind: file ? file.type : input.imageUrl ? "image" : "text",
    payload: null,
    replyToMid: null,
    referral: null,
    deletedAt: null,
    preview: file ? attachmentPreview([file]) : null,
    countsAsInbound: false,
  });
  const author = { id: actor.id, name: actor.name };
  const announce = (event: typeof SERVER_EVENTS.newMessage | typeof SERVER_EVENTS.messageUpdated, message: MessageRow, item: ConversationListRow) =>
    emitToPageAndConversation(page.id, conversation.id, event, { message: toApiMessage(message, names), conversation: toConversationListItem(item), pageId: page.id, conversationId: conversation.id });
  announce(SERVER_EVENTS.newMessage, { ...pending.message, author }, toListRow(conversation.id, pending.summary, customer, page));

  let mid: string;
  try {
    const result = await graphSend(page.facebookPageId, decryptSecret(page.accessTokenEnc), {
      recipientId: customer.psid,
      messagingType: window.messagingType,
      tag: window.state === "human_agent" ? window.tag : undefined,
      // The echo names this row, so it is matched to this reply and no other (reply-echo.ts).
      message: { ...message, metadata: replyMetadata(pending.message.id, conversation.id) },
      retries: 1,
    });
    mid = result.messageId;
  } catch (error) {
    const settled = await withdraw(pending.message, conversation, page).catch((e: Error) => {
      logger().error({ messageId: pending.message.id, err: e.message }, "failed reply not withdrawn");
      return null;
    });
    if (!settled) throw await sendFailure(page.id, conversation.id, error);
    mid = settled;
  }

  // Meta's id on the message row; the owner (auto-assign) and the list item as they now stand, side by side.
  const [row, item] = await Promise.all([
    attachMid(pending.message.id, mid, author),
    assignToFirstReplier(page, conversation, actor.id).then(() => currentListRow(conversation.id, customer, page)),
  ]);
  announce(SERVER_EVENTS.messageUpdated, row, item);
  return toApiMessage(row, names);
}

/**
 * Meta refused the reply, or its answer was lost: its row goes, the preview it replaced comes back, and the
 * other agents' screens drop it. Unless its echo already settled it — then Meta took it and it stays: the
 * row's mid is returned.
 */
async function withdraw(message: MessageRow, conversation: SendTarget, page: { id: string }): Promise<string | null> {
  const { count } = await db.message.deleteMany({ where: { id: message.id, mid: null } });
  if (count === 0) return (await db.message.findUnique({ where: { id: message.id }, select: { mid: true } }))?.mid ?? null;
  const item = await restorePreview(conversation.id, message.createdTime, conversation, conversation.customer, conversation.page);
  emitToPageAndConversation(page.id, conversation.id, SERVER_EVENTS.messageRemoved, { messageId: message.id, conversation: toConversationListItem(item), pageId: page.id, conversationId: conversation.id });
  return null;
}

async function sendFailure(pageId: string, conversationId: string, error: unknown): Promise<AppError> {
  if (!(error instanceof GraphError)) return new AppError("bad_gateway", "Facebook did not answer. Please try again.");
  if (error.kind === "token_invalid") {
    await markNeedsToken(pageId, "POST /messages");
  }
  if (error.kind === "not_thread_owner") {
    // Meta knows better than our record: another app holds the thread. Which one, the next open asks Graph.
    await changeThreadOwner({ conversationId, owner: "other_app", appId: null, at: new Date(), recheck: true });
  }
  const code =
    error.kind === "person_unavailable" || error.kind === "outside_window"
      ? "unprocessable"
      : error.kind === "rate_limited"
        ? "rate_limited"
        : error.kind === "not_thread_owner"
          ? "conflict"
          : "bad_gateway";
  return new AppError(code, agentMessageFor(error), { graph: { kind: error.kind, code: error.code ?? null, subcode: error.subcode ?? null } });
}
