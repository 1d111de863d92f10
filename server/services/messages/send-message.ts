import { markNeedsToken } from "@/server/services/page-connection/mark-needs-token";
import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import type { TSendMessage } from "@/lib/schemas/messages";
import { AppError } from "@/server/http/errors";
import { sendMessage as graphSend, type OutgoingMessage } from "@/server/messenger/graph-client";
import { agentMessageFor, GraphError } from "@/server/messenger/graph-errors";
import { messagingWindow } from "@/server/messenger/messaging-window";
import { decryptSecret } from "@/server/security/secret-box";
import { emitToPageAndConversation, EVENTS } from "@/server/realtime/emit";
import { findVisibleConversation } from "@/server/services/conversations/find-conversation";
import { messageSelect, toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { applyToConversation } from "@/server/services/messenger/conversation-summary";
import { checkOutgoingLinks } from "@/server/services/messages/record-violation";
import { assertSendableFileUrl, assertSendableImageUrl } from "@/server/services/uploads/sendable-image";
import { attachmentPreview, type StoredAttachment } from "@/lib/inbox/message-kinds";
import { assignToFirstReplier } from "@/server/services/ownership/auto-assign";
import { attachMid } from "@/server/services/messages/attach-mid";

export const VIOLATION_ERROR = "Security Violation Alert: Unauthorized content detected in your message";

/** POST /api/send-message: whitelist, window policy, then the Send API; the message appears exactly once. */
export async function sendAgentMessage(actor: Actor, input: TSendMessage) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  const { page, customer } = conversation;
  if (input.recipient_id && input.recipient_id !== customer.psid) throw new AppError("bad_request", "recipient_id does not belong to this conversation");
  const text = input.message_type === "text" ? input.text : "";
  const names = { customerName: customer.name, pageName: page.name };
  if (input.imageUrl) await assertSendableImageUrl(input.imageUrl, page.companyId);
  if (input.fileUrl) await assertSendableFileUrl(input.fileUrl);

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
  const pending = await db.message.create({
    data: {
      conversationId: conversation.id,
      direction: "outbound",
      senderId: page.facebookPageId,
      authorId: actor.id,
      text: text || null,
      attachments: input.imageUrl ? [{ type: "image", url: input.imageUrl }] : file ? [file] : undefined,
      isImage: Boolean(input.imageUrl),
      kind: file ? file.type : input.imageUrl ? "image" : "text",
      sendStatus: "pending",
      createdTime: new Date(),
    },
  });

  let mid: string;
  try {
    const result = await graphSend(page.facebookPageId, decryptSecret(page.accessTokenEnc), {
      recipientId: customer.psid,
      messagingType: window.messagingType,
      tag: window.state === "human_agent" ? window.tag : undefined,
      message,
      retries: 1,
    });
    mid = result.messageId;
  } catch (error) {
    await db.message.delete({ where: { id: pending.id } }).catch(() => {});
    throw await sendFailure(page.id, error);
  }

  // Two independent writes side by side: Meta's id on the message row; the owner and the summary on the
  // conversation's (the reply reaches the other agents one round trip sooner).
  const [row, summary] = await Promise.all([
    attachMid(pending.id, mid, { id: actor.id, name: actor.name }),
    assignToFirstReplier(page, conversation, actor.id).then(() =>
      applyToConversation(conversation.id, { at: pending.createdTime, text: text || (file ? attachmentPreview([file]) : ""), isImage: pending.isImage, inbound: false }, customer, page),
    ),
  ]);
  const apiMessage = toApiMessage(row, names);
  emitToPageAndConversation(page.id, conversation.id, EVENTS.newMessage, {
    message: apiMessage,
    conversation: toConversationListItem(summary),
    pageId: page.id,
    conversationId: conversation.id,
  });
  return apiMessage;
}

async function sendFailure(pageId: string, error: unknown): Promise<AppError> {
  if (!(error instanceof GraphError)) return new AppError("bad_gateway", "Facebook did not answer. Please try again.");
  if (error.kind === "token_invalid") {
    await markNeedsToken(pageId, "POST /messages");
  }
  const code = error.kind === "person_unavailable" || error.kind === "outside_window" ? "unprocessable" : error.kind === "rate_limited" ? "rate_limited" : "bad_gateway";
  return new AppError(code, agentMessageFor(error), { graph: { kind: error.kind, code: error.code ?? null, subcode: error.subcode ?? null } });
}
