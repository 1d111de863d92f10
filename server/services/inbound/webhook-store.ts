import type pg from "pg";
import { directPool } from "@/server/db/direct";
import { wakeWorker } from "@/server/services/inbound/webhook-wake";
import { metrics } from "@/server/observability/metrics";
import { currentRequestId } from "@/server/observability/request-context";
import { contextSql, type ContextRow } from "@/server/services/inbound/ingest-context";

// webhook_events is the queue between the acknowledgement and the processing (docs/META.md: verify, store,
// acknowledge, then process). A row is pending while processed_at is NULL. Hot path: plain pg with
// prepared statements (server/db/direct.ts).

/** receivedAt: when the body was stored (ms), the time of an event that carries none (webhook-events.ts). */
export type StoredDelivery = { id: bigint; payload: unknown; receivedAt: number };
export type DeliveryOutcome = { id: bigint; error: string | null };

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
    const { rows } = await directPool().query<{ id: string }>({
      name: "webhook-store",
      text: "INSERT INTO webhook_events (payload, request_id) VALUES ($1::jsonb, $2) RETURNING id",
      values: [batch[0]!.json, batch[0]!.requestId],
    });
    return [BigInt(rows[0]!.id)];
  }
  const { rows } = await directPool().query<{ id: string }>({
    name: "webhook-store-many",
    text: "INSERT INTO webhook_events (payload, request_id) SELECT p::jsonb, r FROM unnest($1::text[], $2::text[]) AS t(p, r) RETURNING id",
    values: [batch.map((w) => w.json), batch.map((w) => w.requestId)],
  });
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
  const limit = Math.max(1, Math.trunc(batchSize));
  const client = await directPool().connect();
  try {
    // A worker that hangs mid-batch must not hold its locks forever: Postgres ends such a session.
    const results = (await client.query(`BEGIN; SET LOCAL idle_in_transaction_session_timeout = '120s'; ${executeClaimSql(client, limit)}`)) as unknown as pg.QueryResult<ClaimRow>[];
    preparedClaims(client).add(limit);
    const rows = results.at(-1)!.rows;
    const claimed = rows.filter((row) => row.id !== null);
    const deliveries = claimed.map((row) => ({ id: BigInt(row.id!), payload: row.payload, receivedAt: row.received_at!.getTime() }));
    const outcomes = await process(deliveries, rows.filter((row): row is ClaimRow & ContextRow => row.askedPageId !== null));
    await client.query(outcomes.length ? `${markSql(client, outcomes)}; COMMIT` : "COMMIT");
    client.release();
    for (const row of claimed) metrics().webhookToEmit.observe((Date.now() - row.received_at!.getTime()) / 1000);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    client.release(true); // the connection may be broken: do not reuse it
    throw error;
  }
}

/** The oldest pending deliveries, locked; served by the partial index of pending rows (schema.prisma, WebhookEvent). */
export const claimSql = (limit: number) =>
  `SELECT id, payload, received_at FROM webhook_events WHERE processed_at IS NULL ORDER BY id LIMIT ${Math.trunc(limit)} FOR UPDATE SKIP LOCKED`;

/** A claimed delivery (id set, the context's columns NULL), or a row of the batch's context (id NULL). */
type ClaimRow = { id: string | null; payload: unknown; received_at: Date | null } & { [K in keyof ContextRow]: ContextRow[K] | null };

/**
 * The claim and the batch's context in one statement. Every messaging or standby item gives two (Facebook
 * page id, psid) pairs, sender → recipient and recipient → sender; the side that is one of our pages is kept
 * (an echo is sent by the page, a message received by it), so the statement need not know which kind the
 * item is; an Instagram item's side is the Page's Instagram account while Instagram is on for it. An item without a sender id (a guest's user_ref, a Page-level event) gives no pair.
 * jsonb_path_query in lax mode reads any JSON without an error (a body of another shape yields no pairs);
 * webhook-events.ts stays the parser, and loadIngestContext reads whatever this missed (a page not ours,
 * the page of a Page-level event).
 */
const claimWithContextSql = (limit: number) => `
    WITH claimed AS MATERIALIZED (${claimSql(limit)}),
    people AS (
      SELECT DISTINCT pair.facebook_page_id, pair.psid
        -- every object in an array member of an entry: its messaging[] and standby[] items, in one path
        FROM claimed, jsonb_path_query(claimed.payload, 'lax $.entry[*].*[*] ? (@.type() == "object")') AS item,
             LATERAL (VALUES (item #>> '{recipient,id}', item #>> '{sender,id}'), (item #>> '{sender,id}', item #>> '{recipient,id}')) AS pair(facebook_page_id, psid)
       WHERE pair.psid IS NOT NULL
         AND pair.facebook_page_id IN (SELECT facebook_page_id FROM pages UNION ALL SELECT instagram_id FROM instagram_accounts WHERE enabled)
    )
    -- Both kinds of row in one result: a full join on false keeps every row of each side, NULLs beside it.
    SELECT claimed.id, claimed.payload, claimed.received_at, ctx.*
      FROM claimed FULL JOIN (${contextSql("people w")}) AS ctx ON false
     ORDER BY claimed.id NULLS LAST`;

/**
 * The claim as a statement prepared once per connection (SQL's PREPARE, which shares the round trip with
 * BEGIN; the protocol's named statements cannot): planning it took ~0.7 ms, more than the round trip it
 * saves, and a statement without parameters is planned once and kept.
 */
function executeClaimSql(client: pg.PoolClient, limit: number): string {
  const name = `switchboard_claim_${limit}`;
  return preparedClaims(client).has(limit) ? `EXECUTE ${name}` : `PREPARE ${name} AS ${claimWithContextSql(limit)}; EXECUTE ${name}`;
}

const claimsPrepared = new WeakMap<pg.PoolClient, Set<number>>();
function preparedClaims(client: pg.PoolClient): Set<number> {
  let limits = claimsPrepared.get(client);
  if (!limits) claimsPrepared.set(client, (limits = new Set()));
  return limits;
}

/** One UPDATE for the whole batch; values inlined (ids are integers, errors escaped) to share the COMMIT's round trip. */
function markSql(client: pg.PoolClient, outcomes: DeliveryOutcome[]): string {
  const ids = outcomes.map((o) => o.id.toString()).join(",");
  const errors = outcomes.map((o) => (o.error === null ? "NULL" : client.escapeLiteral(o.error))).join(",");
  return `UPDATE webhook_events AS w SET processed_at = now(), error = o.error
            FROM unnest(ARRAY[${ids}]::bigint[], ARRAY[${errors}]::text[]) AS o(id, error) WHERE w.id = o.id`;
}
