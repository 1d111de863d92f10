import type { PolicyEvent } from "@/server/messenger/webhook-events";
import type { IngestPage } from "@/server/services/messenger/ingest-context";
import { applyPolicyEvent } from "@/server/services/page-policy/apply-policy-event";

/** messaging_policy_enforcement: Meta blocks, warns or unblocks the Page (page-policy/apply-policy-event.ts). */
export async function handlePolicyEvent(page: IngestPage, event: PolicyEvent): Promise<void> {
  await applyPolicyEvent(page, { action: event.action, reason: event.reason, timestamp: event.timestamp });
}
