import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";

// webhook_events is the queue between the acknowledgement and the processing (GUIDE §3: verify, store,
// acknowledge, then process). A row is pending while processed_at is NULL.

/** Postgres NOTIFY channel: "a delivery is waiting" (NOTIFY is per database, so environments never mix). */
export const WEBHOOK_CHANNEL = "switchboard_webhook_events";

export type StoredDelivery = { id: bigint; payload: unknown };
export type DeliveryOutcome = { id: bigint; error: string | null };

/**
 * The only statement before the 200: store the body as received (already checked to be JSON) and wake the
 * ingest. pg_notify in the same statement is delivered when the INSERT commits, never before and never
 * for a row that was not stored; the ack pays for no second round trip.
 */
export async function storeWebhookEvent(json: string): Promise<bigint> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    WITH stored AS (INSERT INTO webhook_events (payload) VALUES (${json}::jsonb) RETURNING id)
    SELECT stored.id FROM stored, pg_notify(${WEBHOOK_CHANNEL}, '') AS notified`;
  return rows[0]!.id;
}

/**
 * Claims up to `limit` pending deliveries, oldest first. The row locks last as long as the caller's
 * transaction: another drain (a second worker, or a sweep) skips them instead of processing them again, and
 * if this process dies the locks go with its connection, so the rows are pending again for the next drain.
 */
export function claimDeliveries(tx: Prisma.TransactionClient, limit: number): Promise<StoredDelivery[]> {
  return tx.$queryRaw<StoredDelivery[]>`
    SELECT id, payload FROM webhook_events
     WHERE processed_at IS NULL
     ORDER BY id
     LIMIT ${limit}
     FOR UPDATE SKIP LOCKED`;
}

/** Marks a claimed batch processed in one statement, each row with its own error text (or none). */
export async function markProcessed(tx: Prisma.TransactionClient, outcomes: DeliveryOutcome[]): Promise<void> {
  if (!outcomes.length) return;
  await tx.$executeRaw`
    UPDATE webhook_events AS w SET processed_at = now(), error = o.error
      FROM unnest(${outcomes.map((o) => o.id.toString())}::bigint[], ${outcomes.map((o) => o.error)}::text[]) AS o(id, error)
     WHERE w.id = o.id`;
}
