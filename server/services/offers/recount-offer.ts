import { db } from "@/server/db";
import type { OfferStatus } from "@/server/generated/prisma/client";

// The offer's sent/skipped/failed counts are derived from its ledger, never incremented: a worker that
// dies between a send and a count update, or an echo that settles a row later, cannot make them drift.

export type CountedOffer = {
  id: string;
  companyId: string;
  pageId: string;
  status: OfferStatus;
  statusReason: string | null;
  targetCount: number;
  sentCount: number;
  skippedCount: number;
  failedCount: number;
};

/** Writes the offer's counts from the ledger (the only source of truth) and returns the offer's state. */
export async function recountOffer(offerId: string): Promise<CountedOffer | null> {
  const [row] = await db.$queryRaw<CountedOffer[]>`
    UPDATE offers o SET sent_count = c.sent, skipped_count = c.skipped, failed_count = c.failed, updated_at = now()
    FROM (SELECT count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE status = 'skipped') AS skipped,
                 count(*) FILTER (WHERE status = 'failed') AS failed
          FROM offer_recipients WHERE offer_id = ${offerId}::uuid) c
    WHERE o.id = ${offerId}::uuid
    RETURNING o.id, o.company_id AS "companyId", o.page_id AS "pageId", o.status, o.status_reason AS "statusReason",
              o.target_count AS "targetCount", o.sent_count AS "sentCount", o.skipped_count AS "skippedCount", o.failed_count AS "failedCount"`;
  return row ?? null;
}

