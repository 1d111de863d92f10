import { rows as rowsOf } from "@/server/db/sql/run";
import { storeManySql, storeOneSql, withClaimedBatch, type ClaimRow, type DeliveryOutcome } from "@/server/db/sql/webhook-events";
import type { ContextRow } from "@/server/db/sql/customers";
import { wakeWorker } from "@/server/services/inbound/webhook-wake";
import { metrics } from "@/server/observability/metrics";
import { currentRequestId } from "@/server/observability/request-context";

// webhook_events is the queue between the acknowledgement and the processing (docs/META.md: verify, store,
// acknowledge, then process). A row is pending while processed_at is NULL. Hot path: prepared statements
// (server/db/sql/run.ts), their SQL in server/db/sql/webhook-events.ts.

/** receivedAt: when the body was stored (ms), the time of an event that carries none (webhook-body.ts). */
export type StoredDelivery = { id: bigint; payload: unknown; receivedAt: number };
export type { DeliveryOutcome };

/**
 * The only statement before the 200: store the body as received (already checked to be JSON); resolves
 * once its row is committed (acknowledged = durable). Then wake the worker (webhook-wake.ts; not awaited,
 * so the ack never waits for Redis).
 *
 * Group commit: at most MAX_INSERTS_IN_FLIGHT INSERTs run at once; deliveries that arrive meanwhile wait
 * for a free slot and then go together in ONE multi-row INSERT (one round trip, one commit). Unloaded,
 * every delivery gets its own INSERT at once, as before. Under load — measured at 200 msg/s on a saturated
 * machine, one INSERT per delivery with a pool of 8 stored at a third of the arrival rate and acks queued
 * for seconds (docs/performance/history-2026-11.md §6, the load benchmark) — the batch grows with the queue instead of the queue.
 */
export function storeWebhookEvent(json: string): Promise<bigint> {
  return new Promise<bigint>((resolve, reject) => {
    // The request id is read here, inside the request's async context, not later in the batch.
    waiting.push({ json, requestId: currentRequestId() ?? null, resolve, reject });
    startInserts();
  });
}

type Waiter = { json: string; requestId: string | null; resolve: (id: bigint) => void; reject: (error: Error) => void };
const MAX_INSERTS_IN_FLIGHT = 4;
const MAX_ROWS_PER_INSERT = 200;
const waiting: Waiter[] = [];
let inFlight = 0;

function startInserts(): void {
  while (waiting.length && inFlight < MAX_INSERTS_IN_FLIGHT) {
    const batch = waiting.splice(0, MAX_ROWS_PER_INSERT);
    inFlight++;
    void insertBatch(batch).finally(() => {
      inFlight--;
      startInserts();
    });
  }
}

async function insertBatch(batch: Waiter[]): Promise<void> {
  try {
    const ids = await insertRows(batch);
    batch.forEach((w, i) => w.resolve(ids[i]!));
    wakeWorker();
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error as Error);
    // One payload Postgres refuses (jsonb holds no \u0000) must not fail the deliveries stored beside it.
    await Promise.all(batch.map((w) => insertBatch([w])));
  }
}

/** Ids in the order of the payloads: unnest yields them in array order and the rows are inserted (and returned) so. */
async function insertRows(batch: Waiter[]): Promise<bigint[]> {
  if (batch.length === 1) {
    const rows = await rowsOf(storeOneSql(batch[0]!.json, batch[0]!.requestId));
    return [BigInt(rows[0]!.id)];
  }
  const rows = await rowsOf(storeManySql(batch.map((w) => w.json), batch.map((w) => w.requestId)));
  return rows.map((r) => BigInt(r.id));
}

/**
 * Claims up to `batchSize` pending deliveries (oldest first), hands them to `process` with what their events
 * need (ingest-context.ts, read by the same statement), marks each processed with its outcome and commits.
 * The claim's row locks last until that commit: another drain (a second worker, a sweep) skips them instead
 * of processing them again, and if this process dies the locks go with its connection, so the rows are
 * pending again for the next drain. Two round trips per batch (begin + claim + context, then mark +
 * commit, as multi-statement queries): on this path every round trip is a measurable cost.
 */
export async function withClaimedDeliveries(batchSize: number, process: (deliveries: StoredDelivery[], context: ContextRow[]) => Promise<DeliveryOutcome[]>): Promise<void> {
  const claimed = (
    await withClaimedBatch(Math.max(1, Math.trunc(batchSize)), (rows) => {
      const deliveries = rows.filter((row) => row.id !== null).map((row) => ({ id: BigInt(row.id!), payload: row.payload, receivedAt: row.received_at!.getTime() }));
      return process(deliveries, rows.filter((row): row is ClaimRow & ContextRow => row.askedPageId !== null));
    })
  ).filter((row) => row.id !== null);
  for (const row of claimed) metrics().webhookToEmit.observe((Date.now() - row.received_at!.getTime()) / 1000);
}
