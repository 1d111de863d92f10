import type { Actor } from "@/server/services/auth/actor";
import type { TSenderAction } from "@/lib/schemas/messages";
import { sendSenderAction, type SenderAction } from "@/server/integrations/meta/graph-client";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { messagingWindow } from "@/lib/contract/messaging-window";
import { decryptSecret } from "@/server/security/secret-box";
import { findVisibleConversation } from "@/server/access/conversations";

type Conversation = Awaited<ReturnType<typeof findVisibleConversation>>;
export type SenderActionResult = { sent: boolean; reason: string | null };

export const OUTSIDE_WINDOW = "Sender actions are only sent within 24 hours of the customer's last message";

/**
 * typing_on / typing_off / mark_seen to the customer (docs/META.md). Only inside the standard 24 h window —
 * not under the HUMAN_AGENT tag, which covers messages only — and never for a page whose token is known
 * bad. They are courtesy signals: a refusal is an answer ({sent:false, reason}), not an error the agent
 * must deal with.
 */
export async function deliverSenderAction(conversation: Conversation, action: SenderAction): Promise<SenderActionResult> {
  if (messagingWindow(conversation.lastInboundAt).state !== "open") return { sent: false, reason: OUTSIDE_WINDOW };
  if (conversation.page.tokenStatus === "needs_token") return { sent: false, reason: agentMessageFor(new GraphError("token_invalid", "")) };
  try {
    await sendSenderAction(conversation.page.facebookPageId, decryptSecret(conversation.page.accessTokenEnc), conversation.customer.psid, action);
    return { sent: true, reason: null };
  } catch (error) {
    return { sent: false, reason: error instanceof GraphError ? agentMessageFor(error) : "Facebook did not answer" };
  }
}

/** POST /api/conversations/sender-action — the composer's typing signals (lib/hooks/use-typing-signal.ts). */
export async function sendSenderActionFor(actor: Actor, input: TSenderAction): Promise<SenderActionResult> {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  return deliverSenderAction(conversation, input.action);
}
