import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { PAGE_INBOX_APP_ID, passThreadControl } from "@/server/integrations/meta/graph-handover";
import { decryptSecret } from "@/server/security/secret-box";
import { findControlledConversation } from "@/server/services/handover/find-controlled-conversation";
import { handoverFailure } from "@/server/services/handover/handover-failure";
import { noteHandoverLine } from "@/server/services/handover/handover-line";
import { announceThreadControl, changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { ownerOf, primaryReceiver, toThreadControl } from "@/server/services/handover/thread-control";
import { lineTarget, type ControlOutcome } from "@/server/services/handover/take-control";
import type { TPassControl } from "@/lib/schemas/handover";
import { PAGE_INBOX_NAME } from "@/lib/inbox/thread-control";

export const NO_PRIMARY_TEXT = "Switchboard does not know this Page's primary receiver yet. Pass the conversation to the Page Inbox instead.";

/**
 * POST /api/conversations/pass-control — Switchboard hands the thread back: to Meta's Page Inbox (people
 * answering in Facebook) or, when Switchboard is a secondary receiver, to the Page's primary receiver.
 */
export async function passControl(actor: Actor, input: TPassControl): Promise<ControlOutcome> {
  const row = await findControlledConversation(actor, input.conversationId, input.pageId);
  const current = toThreadControl(row, row.page);
  if (!current.canReply) throw new AppError("conflict", `${current.ownerName ?? "Another app"} controls this conversation, so Switchboard cannot pass it.`);
  const primary = input.target === "primary" ? primaryReceiver(row.page) : null;
  if (input.target === "primary" && !primary) throw new AppError("unprocessable", NO_PRIMARY_TEXT);
  const targetAppId = primary?.id ?? PAGE_INBOX_APP_ID;
  const targetName = primary ? primary.name || "the primary receiver" : PAGE_INBOX_NAME;
  if (row.page.tokenStatus === "needs_token") throw new AppError("bad_gateway", agentMessageFor(new GraphError("token_invalid", "")));

  try {
    await passThreadControl(row.page.facebookPageId, decryptSecret(row.page.accessTokenEnc), {
      psid: row.customer.psid,
      targetAppId,
      metadata: `Passed by ${actor.name} from Switchboard`.slice(0, 1000),
    });
  } catch (error) {
    throw await handoverFailure(row, "pass_thread_control", error);
  }
  await changeThreadOwner({ conversationId: row.id, owner: ownerOf(targetAppId) ?? "other_app", appId: targetAppId, at: new Date() });
  await noteHandoverLine(lineTarget(row), `Passed to ${targetName} by ${actor.name}`, { action: "pass_thread_control", by: actor.id, to: targetAppId });
  const control = (await announceThreadControl(row.id)) ?? current;
  return { outcome: "passed", message: `Passed to ${targetName}.`, control };
}
