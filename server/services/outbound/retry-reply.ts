import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TRetryMessage } from "@/lib/schemas/messages";
import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import type { OutgoingAttachmentType, OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { messagingWindow } from "@/lib/contract/messaging-window";
import { isUuid } from "@/lib/ids";
import { messageSelect } from "@/server/services/conversations/serialize";
import { announceUpdate } from "@/server/services/conversations/message-update";
import { findSendTarget } from "@/server/services/outbound/send-target";
import { assertMaySend } from "@/server/services/outbound/send-pause";
import { deliverReply } from "@/server/services/outbound/deliver-reply";

const FILE_KINDS = new Set<string>(["audio", "video", "file"]);

/**
 * POST /api/send-message/retry: the agent's Retry under a reply that failed (refused by Meta, or never
 * confirmed: fail-stale-sends.ts). The same row goes out again — pending, then sent or failed as any reply
 * (deliver-reply.ts) — so the thread holds it once, and its echo, carrying the same signed row id, settles
 * it whichever attempt Meta took. Only a failed reply without a Meta id qualifies: one that is pending may
 * still arrive, and one with a mid did.
 */
export async function retryAgentMessage(actor: Actor, input: TRetryMessage) {
  const target = await findSendTarget(actor, input.conversationId, input.pageId);
  if (!isUuid(input.messageId)) throw new AppError("not_found", "Message not found");
  const row = await db.message.findFirst({ where: { id: input.messageId, conversationId: target.id, direction: "outbound", isViolation: false }, select: messageSelect });
  if (!row) throw new AppError("not_found", "Message not found");
  if (row.mid || row.sendStatus !== "failed") throw new AppError("conflict", "Only a reply that failed can be sent again.", { status: row.sendStatus });
  assertMaySend(target);
  const window = messagingWindow(target.lastInboundAt);
  if (window.state === "closed") throw new AppError("unprocessable", window.reason, { window: window.state });
  if (target.page.tokenStatus === "needs_token") throw new AppError("bad_gateway", agentMessageFor(new GraphError("token_invalid", "")));

  // Back to pending, once however many Retry clicks arrive together. created_at restarts the stale-send
  // sweep's clock (fail-stale-sends.ts): it counts from when the current attempt began.
  const { count } = await db.message.updateMany({
    where: { id: row.id, sendStatus: "failed", mid: null },
    data: { sendStatus: "pending", errorMessage: null, errorCode: null, createdAt: new Date() },
  });
  if (!count) throw new AppError("conflict", "This reply is already being sent again.");
  await announceUpdate(row.id);
  const pending = await db.message.findUniqueOrThrow({ where: { id: row.id }, select: messageSelect });
  return deliverReply(actor, target, window, pending, outgoingOf(pending));
}

/** The message as it was first sent: its text, or its one image or file. */
function outgoingOf(row: { text: string | null; kind: string; attachments: unknown }): OutgoingMessage {
  const attachment = Array.isArray(row.attachments) ? (row.attachments[0] as { type?: string; url?: string } | undefined) : undefined;
  if (attachment?.url && (attachment.type === "image" || FILE_KINDS.has(attachment.type ?? ""))) {
    return { attachment: { type: attachment.type as OutgoingAttachmentType, payload: { url: attachment.url, is_reusable: true } } };
  }
  return { text: row.text ?? "" };
}
