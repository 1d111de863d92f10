import { firstRow } from "@/server/db/sql/run";
import { recountOfferSql, type CountedOffer } from "@/server/db/sql/offers";

// The offer's sent/skipped/failed counts are derived from its ledger, never incremented: a worker that
// dies between a send and a count update, or an echo that settles a row later, cannot make them drift.

export type { CountedOffer };

/** Writes the offer's counts from the ledger (the only source of truth) and returns the offer's state. */
export function recountOffer(offerId: string): Promise<CountedOffer | null> {
  return firstRow(recountOfferSql(offerId));
}
