import { db } from "@/server/db";
import type { Reader } from "@/server/access/reader";
import type { TSendMessage } from "@/lib/schemas/messages";
import { AppError } from "@/server/http/errors";
import type { OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { messagingWindow } from "@/lib/contract/messaging-window";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { findSendTargetFor } from "@/server/services/outbound/send-target";
import { messageSelect, toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import { recordOwnMessage } from "@/server/services/conversations/record-message";
import { checkOutgoingLinks } from "@/server/services/outbound/record-violation";
import { assertSendableFileUrl, assertSendableImageUrl } from "@/server/services/uploads/sendable-image";
import { attachmentPreview, type StoredAttachment } from "@/lib/inbox/message-kinds";
import { assertMaySend } from "@/server/services/outbound/send-pause";
import { deliverReply } from "@/server/services/outbound/deliver-reply";
import { fitsInstagram, INSTAGRAM_TEXT_TOO_LONG } from "@/lib/inbox/channels";

export const VIOLATION_ERROR = "Security Violation Alert: Unauthorized content detected in your message";

/**
 * POST /api/send-message: whitelist, window policy, then the Send API; the message appears exactly once.
 * Sockets get `new-message` (pending) before the Send API call, then `message-updated`: sent with Meta's id,
 * failed with Meta's reason (kept in the thread, with a Retry), or still pending, unconfirmed, when Meta's
 * answer was lost (deliver-reply.ts, failed-send.ts).
 */
export async function sendAgentMessage(reader: Reader, input: TSendMessage) {
  // The reader's session is checked in the target's statement (findSendTargetFor): one round trip before the pending row.
  const { actor, target: conversation } = await findSendTargetFor(reader, input.conversationId, input.pageId);
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
  const clientId = input.clientId ? { client_id: input.clientId } : {};
  emitToPageAndConversation(page.id, conversation.id, SERVER_EVENTS.newMessage, {
    message: { ...toApiMessage({ ...pending.message, author }, names), ...clientId },
    conversation: toConversationListItem(toListRow(conversation.id, pending.summary, customer, page)),
    pageId: page.id,
    conversationId: conversation.id,
  });

  return { ...(await deliverReply(actor, conversation, window, { ...pending.message, author }, message)), ...clientId };
}
