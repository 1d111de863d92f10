import type { PolicyEvent } from "@/server/integrations/meta/webhook-body";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { applyPolicyEvent } from "@/server/services/pages/policy/apply-policy-event";

/** messaging_policy_enforcement: Meta blocks, warns or unblocks the Page (page-policy/apply-policy-event.ts). */
export async function handlePolicyEvent(page: IngestPage, event: PolicyEvent): Promise<void> {
  await applyPolicyEvent(page, { action: event.action, reason: event.reason, timestamp: event.timestamp });
}
