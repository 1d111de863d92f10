import { affected, rows, sqlDb } from "@/server/db/sql/run";
import { metrics } from "@/server/observability/metrics";
import type { Channel } from "@/lib/inbox/channels";

// The offer ledger (offer_recipients): one row per person per offer, unique (offer, customer). A row is
// claimed (pending → claimed, atomically) before the Send API call and settled after it, so no person is
// ever sent the same offer twice, whatever crashes in between. Its statements go through the SQL layer
// (server/db/sql/run.ts): one round trip each, no ORM work per recipient.

/** psid is the IGSID of an Instagram customer: the Page's Send API takes either as recipient. */
export type PendingRecipient = { id: string; psid: string; channel: Channel; lastInboundAt: Date | null; isSpam: boolean };

const recipients = () => sqlDb().updateTable("offer_recipients");

/** The next people to handle, in ledger order. */
export function nextPending(offerId: string, limit: number): Promise<PendingRecipient[]> {
  const query = sqlDb()
    .selectFrom("offer_recipients as r")
    .innerJoin("customers as c", "c.id", "r.customer_id")
    .leftJoin("conversations as conv", "conv.customer_id", "r.customer_id")
    .select((eb) => ["r.id", "c.psid", "c.channel", "conv.last_inbound_at as lastInboundAt", eb.fn.coalesce("conv.is_spam", eb.lit(false)).as("isSpam")])
    .where("r.offer_id", "=", offerId)
    .where("r.status", "=", "pending")
    .orderBy("r.id")
    .limit(limit);
  return rows(query);
}

/** pending → claimed; false when the row is no longer pending (someone else settled it). */
export async function claimRecipient(id: string): Promise<boolean> {
  const claim = recipients()
    .set((eb) => ({ status: "claimed", claimed_at: eb.fn("now"), attempts: eb("attempts", "+", 1), updated_at: eb.fn("now") }))
    .where("id", "=", id)
    .where("status", "=", "pending");
  return (await affected(claim)) === 1;
}

/** Meta answered with a message id: it was sent, whatever the row says meanwhile. */
export async function markSent(id: string, messageId: string): Promise<void> {
  await affected(recipients().set((eb) => ({ status: "sent", message_id: messageId, reason: null, updated_at: eb.fn("now") })).where("id", "=", id));
  metrics().offerRecipients.inc({ outcome: "sent" });
}

/** Settles a row as skipped or failed, from pending (window check) or claimed (Meta refused). */
export async function markUnsent(id: string, status: "skipped" | "failed", reason: string): Promise<void> {
  const settle = recipients()
    .set((eb) => ({ status, reason, updated_at: eb.fn("now") }))
    .where("id", "=", id)
    .where("status", "in", ["pending", "claimed"]);
  if (await affected(settle)) metrics().offerRecipients.inc({ outcome: status });
}

/** claimed → pending: Meta refused before sending (rate limit, temporary error, token), so it is safe to try again. */
export async function releaseRecipient(id: string): Promise<void> {
  await affected(recipients().set((eb) => ({ status: "pending", claimed_at: null, updated_at: eb.fn("now") })).where("id", "=", id).where("status", "=", "claimed"));
}

export type ClaimedRecipient = { id: string; psid: string; channel: Channel; claimedAt: Date };

/** Claimed rows left by a dead worker (the caller holds the offer's lease), oldest claim first. */
export async function orphanedClaims(offerId: string): Promise<ClaimedRecipient[]> {
  const query = sqlDb()
    .selectFrom("offer_recipients as r")
    .innerJoin("customers as c", "c.id", "r.customer_id")
    .select(["r.id", "c.psid", "c.channel", "r.claimed_at as claimedAt"])
    .where("r.offer_id", "=", offerId)
    .where("r.status", "=", "claimed")
    .orderBy("r.claimed_at");
  // A claimed row always has its claim time (claimRecipient sets both).
  return (await rows(query)).map((r) => ({ ...r, claimedAt: r.claimedAt! }));
}
