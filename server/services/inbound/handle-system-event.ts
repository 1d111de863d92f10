import type { CustomerSystemEvent, GuestEvent } from "@/server/integrations/meta/webhook-body";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { recordGuestEvent, recordSystemEvent } from "@/server/services/inbound/system-events";

/**
 * An opt-in, account linking, feedback or game play: a quiet line in the customer's thread, stored once.
 * Never a conversation of its own: a person who has not written keeps it until they do.
 */
export async function handleSystemEvent(page: IngestPage, event: CustomerSystemEvent): Promise<void> {
  await recordSystemEvent({ page, psid: event.psid, timestamp: event.timestamp, event: event.event, summary: event.summary, detail: event.detail });
}

/** Anything a person known only by user_ref did (chat plugin guest, checkbox opt-in): kept with the user_ref. */
export async function handleGuestEvent(page: IngestPage, event: GuestEvent): Promise<void> {
  await recordGuestEvent({ page, userRef: event.userRef, timestamp: event.timestamp, event: event.event, summary: event.summary, detail: event.detail });
}
