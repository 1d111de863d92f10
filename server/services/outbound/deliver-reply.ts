import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { sendMessage as graphSend, type OutgoingMessage } from "@/server/integrations/meta/graph-client";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import type { MessagingWindow } from "@/lib/contract/messaging-window";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { decryptSecret } from "@/server/security/secret-box";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { toApiMessage, toConversationListItem, type MessageRow } from "@/server/services/conversations/serialize";
import { currentListRow } from "@/server/services/conversations/conversation-summary";
import { assignToFirstReplier } from "@/server/services/ownership/auto-assign";
import { markPageRestricted } from "@/server/services/pages/policy/page-restricted";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { attachMid } from "@/server/services/outbound/attach-mid";
import { replyMetadata } from "@/server/services/outbound/reply-echo";
import { settleFailedSend } from "@/server/services/outbound/failed-send";
import type { SendTarget } from "@/server/services/outbound/send-target";

type Window = Exclude<MessagingWindow, { state: "closed" }>;

/**
 * The Send API call for a reply stored as pending (a new one, send-message.ts, or a retried one,
 * retry-reply.ts), and what follows it. Its `metadata` names the row, signed, so the echo settles this row
 * and no other (reply-echo.ts), also the echo of a call whose answer was lost. Meta's answer gives the row
 * its mid (`message-updated`); anything else goes through settleFailedSend (failed-send.ts): a refusal
 * leaves the row failed with the reason and throws the agent's error with the row in its body; no answer
 * leaves it pending, unconfirmed, and returns it. Rate limits and 5xx are retried once here (Meta did not
 * take the message); a request that may have arrived is never sent again.
 */
export async function deliverReply(actor: Pick<Actor, "id" | "name">, target: SendTarget, window: Window, pending: MessageRow, message: OutgoingMessage) {
  const { page, customer } = target;
  const names = { customerName: customer.name, pageName: page.name };
  const author = { id: actor.id, name: actor.name };
  const token = decryptSecret(page.accessTokenEnc);
  let mid: string;
  try {
    const result = await graphSend(page.facebookPageId, token, {
      recipientId: customer.psid,
      messagingType: window.messagingType,
      tag: window.state === "human_agent" ? window.tag : undefined,
      message: { ...message, metadata: replyMetadata(pending.id, target.id) },
      retries: 1,
    });
    mid = result.messageId;
  } catch (error) {
    const settled = await settleFailedSend(pending.id, error);
    if (settled.outcome === "unconfirmed") return toApiMessage({ ...settled.row, author }, names);
    if (settled.outcome === "failed") throw await sendFailure(page.id, target.id, error, toApiMessage({ ...settled.row, author }, names));
    mid = settled.mid;
  }

  // Meta's id on the message row; the owner (auto-assign) and the list item as they now stand, side by side.
  const [row, item] = await Promise.all([
    attachMid(pending.id, mid, author),
    assignToFirstReplier(page, target, actor.id).then(() => currentListRow(target.id, customer, page)),
  ]);
  emitToPageAndConversation(page.id, target.id, SERVER_EVENTS.messageUpdated, { message: toApiMessage(row, names), conversation: toConversationListItem(item), pageId: page.id, conversationId: target.id });
  return toApiMessage(row, names);
}

/** The agent's error for a refused reply; `message` is the reply as it now stands (failed, kept in the thread). */
async function sendFailure(pageId: string, conversationId: string, error: unknown, message: ReturnType<typeof toApiMessage>): Promise<AppError> {
  if (!(error instanceof GraphError)) return new AppError("bad_gateway", "Facebook did not answer. Please try again.", { message });
  if (error.kind === "token_invalid") await markNeedsToken(pageId, "POST /messages");
  if (error.kind === "page_restricted") await markPageRestricted(pageId);
  if (error.kind === "not_thread_owner") {
    // Meta knows better than our record: another app holds the thread. Which one, the next open asks Graph.
    await changeThreadOwner({ conversationId, owner: "other_app", appId: null, at: new Date(), recheck: true });
  }
  const code =
    error.kind === "person_unavailable" || error.kind === "outside_window" || error.kind === "page_restricted"
      ? "unprocessable"
      : error.kind === "rate_limited"
        ? "rate_limited"
        : error.kind === "not_thread_owner"
          ? "conflict"
          : "bad_gateway";
  return new AppError(code, agentMessageFor(error), { graph: { kind: error.kind, code: error.code ?? null, subcode: error.subcode ?? null }, message });
}
