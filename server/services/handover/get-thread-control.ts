import type { Actor } from "@/server/services/auth/actor";
import { env } from "@/server/env";
import { fetchThreadOwner } from "@/server/integrations/meta/graph-handover";
import { GraphError, OWNER_HIDDEN_SUBCODE } from "@/server/integrations/meta/graph-errors";
import { logger } from "@/server/observability/log";
import { decryptSecret } from "@/server/security/secret-box";
import { findControlledConversation, type ControlledConversation } from "@/server/services/handover/find-controlled-conversation";
import { changeThreadOwner } from "@/server/services/handover/record-thread-owner";
import { ownerOf, toThreadControl } from "@/server/services/handover/thread-control";
import type { ThreadControl } from "@/lib/inbox/thread-control";

// GET /api/conversations/thread-control: who controls the thread, as stored. When it was never learned
// (no handover event, no standby delivery) or a standby delivery left it unsure, Graph's thread_owner is
// asked once and the answer kept; webhooks keep it current from then on, and a thread someone else holds
// is asked about again after a while (Meta does not tell us when another app hands it on to a third).

export const OWNER_CHECK_TTL_MS = 10 * 60_000;

export async function getThreadControl(actor: Actor, input: { conversationId: string; pageId?: string }): Promise<ThreadControl> {
  const row = await findControlledConversation(actor, input.conversationId, input.pageId);
  if (needsCheck(row) && (await checkThreadOwner(row))) {
    return toThreadControl(await findControlledConversation(actor, input.conversationId, input.pageId), row.page);
  }
  return toThreadControl(row, row.page);
}

function needsCheck(row: ControlledConversation, now = Date.now()): boolean {
  // Without our own app id an answer cannot be read (is that app us?); without a token it cannot be asked.
  if (!env().META_APP_ID || row.page.tokenStatus === "needs_token") return false;
  if (!row.threadOwnerCheckedAt) return row.threadOwner !== "app";
  return row.threadOwner !== "app" && now - row.threadOwnerCheckedAt.getTime() > OWNER_CHECK_TTL_MS;
}

/** Asks Graph and records the answer; true when the stored control changed. A failed check changes nothing. */
export async function checkThreadOwner(row: ControlledConversation): Promise<boolean> {
  const at = new Date();
  try {
    const appId = await fetchThreadOwner(row.page.facebookPageId, decryptSecret(row.page.accessTokenEnc), row.customer.psid);
    return await changeThreadOwner({ conversationId: row.id, owner: ownerOf(appId), appId, at, checked: true });
  } catch (error) {
    // A secondary receiver is not told which other secondary receiver holds the thread, only that one does.
    if (error instanceof GraphError && error.subcode === OWNER_HIDDEN_SUBCODE) {
      return changeThreadOwner({ conversationId: row.id, owner: "other_app", appId: null, at, checked: true });
    }
    logger().warn({ conversationId: row.id, err: (error as Error).message }, "thread owner check failed");
    return false;
  }
}
