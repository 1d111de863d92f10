import { db } from "@/server/db";
import { metrics } from "@/server/observability/metrics";

// The offer ledger (offer_recipients): one row per person per offer, unique (offer, customer). A row is
// claimed (pending → claimed, atomically) before the Send API call and settled after it, so no person is
// ever sent the same offer twice, whatever crashes in between. Hot-path statements are plain SQL: one
// round trip each, no ORM work per recipient.

export type PendingRecipient = { id: string; psid: string; lastInboundAt: Date | null; isSpam: boolean };

/** The next people to handle, in ledger order. */
export function nextPending(offerId: string, limit: number): Promise<PendingRecipient[]> {
  return db.$queryRaw<PendingRecipient[]>`
    SELECT r.id, c.psid, conv.last_inbound_at AS "lastInboundAt", coalesce(conv.is_spam, false) AS "isSpam"
    FROM offer_recipients r JOIN customers c ON c.id = r.customer_id LEFT JOIN conversations conv ON conv.customer_id = r.customer_id
    WHERE r.offer_id = ${offerId}::uuid AND r.status = 'pending'
    ORDER BY r.id LIMIT ${limit}`;
}

/** pending → claimed; false when the row is no longer pending (someone else settled it). */
export async function claimRecipient(id: string): Promise<boolean> {
  const count = await db.$executeRaw`UPDATE offer_recipients SET status = 'claimed', claimed_at = now(), attempts = attempts + 1, updated_at = now()
    WHERE id = ${id}::uuid AND status = 'pending'`;
  return count === 1;
}

/** Meta answered with a message id: it was sent, whatever the row says meanwhile. */
export async function markSent(id: string, messageId: string): Promise<void> {
  await db.$executeRaw`UPDATE offer_recipients SET status = 'sent', message_id = ${messageId}, reason = NULL, updated_at = now() WHERE id = ${id}::uuid`;
  metrics().offerRecipients.inc({ outcome: "sent" });
}

/** Settles a row as skipped or failed, from pending (window check) or claimed (Meta refused). */
export async function markUnsent(id: string, status: "skipped" | "failed", reason: string): Promise<void> {
  const settled = await db.$executeRaw`UPDATE offer_recipients SET status = ${status}::"RecipientStatus", reason = ${reason}, updated_at = now()
    WHERE id = ${id}::uuid AND status IN ('pending', 'claimed')`;
  if (settled) metrics().offerRecipients.inc({ outcome: status });
}

/** claimed → pending: Meta refused before sending (rate limit, temporary error, token), so it is safe to try again. */
export async function releaseRecipient(id: string): Promise<void> {
  await db.$executeRaw`UPDATE offer_recipients SET status = 'pending', claimed_at = NULL, updated_at = now() WHERE id = ${id}::uuid AND status = 'claimed'`;
}

export type ClaimedRecipient = { id: string; psid: string; claimedAt: Date };

/** Claimed rows left by a dead worker (the caller holds the offer's lease), oldest claim first. */
export function orphanedClaims(offerId: string): Promise<ClaimedRecipient[]> {
  return db.$queryRaw<ClaimedRecipient[]>`
    SELECT r.id, c.psid, r.claimed_at AS "claimedAt"
    FROM offer_recipients r JOIN customers c ON c.id = r.customer_id
    WHERE r.offer_id = ${offerId}::uuid AND r.status = 'claimed'
    ORDER BY r.claimed_at`;
}
