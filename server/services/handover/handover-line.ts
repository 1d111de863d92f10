import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { recordSystemEvent } from "@/server/services/inbound/system-events";

// The thread's quiet line for a change of control ("Taken by Ana", "Passed to Page Inbox by Ana", "Helpdesk
// Bot asked for this conversation"): a system event of the customer's thread, never a message (no unread,
// no new preview, no reordering). Recorded once per event (system-events.ts deduplicates by page, person,
// kind and time), so a redelivered handover webhook adds no second line.

export async function noteHandoverLine(
  target: { page: IngestPage; psid: string },
  summary: string,
  detail: Record<string, unknown>,
  timestamp: number = Date.now(),
): Promise<void> {
  await recordSystemEvent({ page: target.page, psid: target.psid, timestamp, event: "handover", summary, detail });
}
