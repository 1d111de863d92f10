import { firstRow, sqlDb } from "@/server/db/sql/run";
import { isUuid } from "@/lib/ids";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";
import { recountOffer } from "@/server/services/offers/recount-offer";
import { emitOfferProgress } from "@/server/services/offers/emit-progress";

// Every offer message carries its ledger row id in the Send API's `metadata`, which Meta returns in the
// message's echo webhook. The echo is proof that Meta accepted the message, so it settles a row whose
// outcome the worker never learnt (it died mid-call, or the call timed out): such a row becomes "sent".

const PREFIX = "sb-offer:";

/** Whether an echo's metadata names an offer's ledger row (an offer is never a person's reply). */
export function isOfferMetadata(metadata: string | undefined | null): boolean {
  return Boolean(metadata?.startsWith(PREFIX));
}

/** The metadata string for a ledger row. */
export function offerMetadata(recipientId: string): string {
  return `${PREFIX}${recipientId}`;
}

/**
 * Called by the webhook ingest for each echo with metadata (wired in handle-message.ts). Returns true when
 * the echo settled a row. Rows already sent, or refused by Meta, are left alone.
 */
export async function confirmOfferEcho(metadata: string | undefined | null, mid: string): Promise<boolean> {
  if (!metadata || !isOfferMetadata(metadata)) return false;
  const id = metadata.slice(PREFIX.length);
  if (!isUuid(id)) return false;
  const settle = sqlDb()
    .updateTable("offer_recipients")
    .set((eb) => ({ status: "sent", message_id: mid, reason: null, updated_at: eb.fn("now") }))
    .where("id", "=", id)
    .where((eb) => eb.or([eb("status", "=", "claimed"), eb.and([eb("status", "=", "failed"), eb("reason", "in", [RECIPIENT_REASONS.interrupted, RECIPIENT_REASONS.noAnswer])])]))
    .returning("offer_id as offerId");
  const offerId = (await firstRow(settle))?.offerId;
  if (!offerId) return false;
  const counted = await recountOffer(offerId);
  if (counted) emitOfferProgress(counted);
  return true;
}
