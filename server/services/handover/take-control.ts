import type { Actor } from "@/server/services/auth/actor";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { requestThreadControl, takeThreadControl } from "@/server/integrations/meta/graph-handover";
import { decryptSecret } from "@/server/security/secret-box";
import { findControlledConversation } from "@/server/services/handover/find-controlled-conversation";
import { handoverFailure } from "@/server/services/handover/handover-failure";
import { announceThreadControl, changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { toThreadControl } from "@/server/services/handover/thread-control";
import { noteHandoverLine } from "@/server/services/handover/handover-line";
import type { ControlledConversation } from "@/server/services/handover/find-controlled-conversation";
import type { TTakeControl } from "@/lib/schemas/handover";
import type { ThreadControl } from "@/lib/inbox/thread-control";

export type ControlOutcome = { outcome: "taken" | "requested" | "already" | "passed"; message: string; control: ThreadControl };

/**
 * POST /api/conversations/take-control — the agent wants to answer a thread another app holds. As the
 * Page's primary receiver (or when the role is not known) Switchboard takes it; as a secondary receiver it
 * may only ask the owner to pass it (request_thread_control), and says so.
 */
export async function takeControl(actor: Actor, input: TTakeControl): Promise<ControlOutcome> {
  const row = await findControlledConversation(actor, input.conversationId, input.pageId);
  const current = toThreadControl(row, row.page);
  if (current.canReply && row.threadOwner === "app") return { outcome: "already", message: "Switchboard already controls this conversation.", control: current };
  if (row.page.tokenStatus === "needs_token") throw new AppError("bad_gateway", agentMessageFor(new GraphError("token_invalid", "")));
  const token = decryptSecret(row.page.accessTokenEnc);
  const metadata = `${actor.name} in Switchboard`.slice(0, 1000);

  if (current.takeAction === "request") {
    try {
      await requestThreadControl(row.page.facebookPageId, token, { psid: row.customer.psid, metadata });
    } catch (error) {
      throw await handoverFailure(row, "request_thread_control", error);
    }
    await noteHandoverLine(lineTarget(row), `${actor.name} asked ${current.ownerName ?? "the app in control"} for this conversation`, { action: "request_thread_control", by: actor.id });
    return { outcome: "requested", message: `Asked ${current.ownerName ?? "the app in control"} to pass this conversation to Switchboard.`, control: current };
  }

  try {
    await takeThreadControl(row.page.facebookPageId, token, { psid: row.customer.psid, metadata });
  } catch (error) {
    throw await handoverFailure(row, "take_thread_control", error);
  }
  await changeThreadOwner({ conversationId: row.id, owner: "app", appId: env().META_APP_ID ?? null, at: new Date() });
  await noteHandoverLine(lineTarget(row), `Taken by ${actor.name}`, { action: "take_thread_control", by: actor.id, from: row.threadOwnerAppId });
  const control = (await announceThreadControl(row.id)) ?? current;
  return { outcome: "taken", message: "You control this conversation now.", control };
}

/** Where the thread's line goes: the page (as the ingest knows it) and the person. */
export function lineTarget(row: ControlledConversation) {
  return { page: { id: row.page.id, name: row.page.name, facebookPageId: row.page.facebookPageId }, psid: row.customer.psid };
}
