import { affected, inTransaction, sqlDb } from "@/server/db/sql/run";
import { insertRecipientsSql, type AudienceRule } from "@/server/db/sql/offers";
import { windowStart } from "@/server/services/offers/audience";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";

// When its job starts, an offer's audience becomes its ledger: later tag changes do not move it.

/**
 * Fixes the recipient list when the offer starts: one INSERT … SELECT … ON CONFLICT DO NOTHING. People
 * outside the 24 h window are recorded skipped at once. Runs only while the offer is still "scheduled",
 * and flips it to "running" in the same transaction; false when it was paused or cancelled meanwhile.
 */
export async function resolveRecipients(offerId: string, rule: AudienceRule): Promise<boolean> {
  const offers = sqlDb().updateTable("offers").where("id", "=", offerId);
  return inTransaction(async (client) => {
    const start = offers.set((eb) => ({ status: "running", started_at: eb.fn("now"), status_reason: null, updated_at: eb.fn("now") })).where("status", "=", "scheduled").where("started_at", "is", null);
    if (!(await affected(start, { on: client }))) return false;
    await affected(insertRecipientsSql(offerId, rule, windowStart(), RECIPIENT_REASONS.outsideWindow), { on: client });
    const count = offers.set((eb) => ({ target_count: eb.selectFrom("offer_recipients").select((r) => r.fn.countAll<number>().as("n")).where("offer_id", "=", offerId) }));
    await affected(count, { on: client });
    return true;
  });
}
