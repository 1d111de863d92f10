import { db } from "@/server/db";
import { UUID_V7_SQL } from "@/server/db/uuid";
import { audienceWhere, insideWindowSql, type AudienceRule } from "@/server/services/offers/audience";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";

// When its job starts, an offer's audience becomes its ledger: later tag changes do not move it.

/**
 * Fixes the recipient list when the offer starts: one INSERT … SELECT … ON CONFLICT DO NOTHING. People
 * outside the 24 h window are recorded skipped at once. Runs only while the offer is still "scheduled",
 * and flips it to "running" in the same transaction; false when it was paused or cancelled meanwhile.
 */
export async function resolveRecipients(offerId: string, rule: AudienceRule): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const started = await tx.$executeRaw`UPDATE offers SET status = 'running', started_at = now(), status_reason = NULL, updated_at = now()
      WHERE id = ${offerId}::uuid AND status = 'scheduled' AND started_at IS NULL`;
    if (!started) return false;
    await tx.$executeRaw`
      INSERT INTO offer_recipients (id, offer_id, customer_id, status, reason, updated_at)
      SELECT ${UUID_V7_SQL}, ${offerId}::uuid, c.id,
        CASE WHEN ${insideWindowSql()} THEN 'pending'::"RecipientStatus" ELSE 'skipped'::"RecipientStatus" END,
        CASE WHEN ${insideWindowSql()} THEN NULL ELSE ${RECIPIENT_REASONS.outsideWindow} END,
        now()
      FROM customers c LEFT JOIN conversations conv ON conv.customer_id = c.id
      WHERE ${audienceWhere(rule)}
      ON CONFLICT (offer_id, customer_id) DO NOTHING`;
    await tx.$executeRaw`UPDATE offers SET target_count = (SELECT count(*) FROM offer_recipients WHERE offer_id = ${offerId}::uuid) WHERE id = ${offerId}::uuid`;
    return true;
  });
}

