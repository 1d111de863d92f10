import { sql, type RawBuilder } from "kysely";
import type pg from "pg";
import { directPool } from "@/server/db/direct";
import { contextSql, type ContextRow } from "@/server/db/sql/customers";
import { prepared, sqlDb } from "@/server/db/sql/run";

// The webhook family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): the queue between acknowledgement and processing (webhook_events; webhook-store.ts) and what
// could not be stored or processed (webhook_quarantine).

/** One delivery's body, stored as received (already checked to be JSON). */
export const storeOneSql = (json: string, requestId: string | null) =>
  prepared("webhook-store", sql<{ id: string }>`INSERT INTO webhook_events (payload, request_id) VALUES (${json}::jsonb, ${requestId}) RETURNING id`);

/** Several deliveries in one INSERT; ids come back in the order of the arrays (unnest yields them so). */
export const storeManySql = (jsons: string[], requestIds: (string | null)[]) =>
  prepared("webhook-store-many", sql<{ id: string }>`INSERT INTO webhook_events (payload, request_id) SELECT p::jsonb, r FROM unnest(${jsons}::text[], ${requestIds}::text[]) AS t(p, r) RETURNING id`);

/** The oldest pending deliveries, locked; served by the partial index of pending rows (schema.prisma, WebhookEvent). */
export const claimSql = (limit: number) =>
  sql<{ id: string; payload: unknown; received_at: Date }>`SELECT id, payload, received_at FROM webhook_events WHERE processed_at IS NULL ORDER BY id LIMIT ${sql.lit(Math.trunc(limit))} FOR UPDATE SKIP LOCKED`;

/** A claimed delivery (id set, the context's columns NULL), or a row of the batch's context (id NULL). */
export type ClaimRow = { id: string | null; payload: unknown; received_at: Date | null } & { [K in keyof ContextRow]: ContextRow[K] | null };

/**
 * The claim and the batch's context in one statement, without parameters (so it can be PREPAREd in the
 * round trip of BEGIN, see claimBatchText). Every messaging or standby item gives two (Facebook page id,
 * psid) pairs, sender → recipient and recipient → sender; the side that is one of our pages is kept (an
 * echo is sent by the page, a message received by it), so the statement need not know which kind the item
 * is; an Instagram item's side is the Page's Instagram account while Instagram is on for it. An item without a sender id (a guest's user_ref, a Page-level event) gives no pair.
 * jsonb_path_query in lax mode reads any JSON without an error (a body of another shape yields no pairs);
 * webhook-body.ts stays the parser, and loadIngestContext reads whatever this missed.
 */
const claimWithContextSql = (limit: number) => sql<ClaimRow>`
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
      FROM claimed FULL JOIN (${contextSql(sql`people w`)}) AS ctx ON false
     ORDER BY claimed.id NULLS LAST`;

/** Text without parameters: what a multi-statement query (one round trip) may carry. */
function parameterless(statement: RawBuilder<unknown>): string {
  const compiled = statement.compile(sqlDb());
  if (compiled.parameters.length) throw new Error("a statement sent with others in one round trip cannot have parameters");
  return compiled.sql;
}

/**
 * BEGIN and the claim in one round trip: the claim as a statement prepared once per connection (SQL's
 * PREPARE, which shares the round trip with BEGIN; the protocol's named statements cannot): planning it
 * took ~0.7 ms, more than the round trip it saves, and a statement without parameters is planned once and
 * kept. `prepared`: whether this connection has prepared it already. Its last result holds the ClaimRows.
 * A worker that hangs mid-batch must not hold its locks forever: Postgres ends such a session.
 */
function claimBatchText(limit: number, prepared: boolean): string {
  const name = `switchboard_claim_${Math.trunc(limit)}`;
  const claim = prepared ? `EXECUTE ${name}` : `PREPARE ${name} AS ${parameterless(claimWithContextSql(limit))}; EXECUTE ${name}`;
  return `BEGIN; SET LOCAL idle_in_transaction_session_timeout = '120s'; ${claim}`;
}

export type DeliveryOutcome = { id: bigint; error: string | null };

/**
 * The batch's outcomes marked and COMMIT, in one round trip: one UPDATE with the values inlined (ids are
 * integers, errors escaped by the connection's own escapeLiteral), as a multi-statement query cannot have
 * parameters.
 */
function markAndCommitText(client: pg.PoolClient, outcomes: DeliveryOutcome[]): string {
  if (!outcomes.length) return "COMMIT";
  const ids = outcomes.map((o) => o.id.toString()).join(",");
  const errors = outcomes.map((o) => (o.error === null ? "NULL" : client.escapeLiteral(o.error))).join(",");
  return `UPDATE webhook_events AS w SET processed_at = now(), error = o.error
            FROM unnest(ARRAY[${ids}]::bigint[], ARRAY[${errors}]::text[]) AS o(id, error) WHERE w.id = o.id; COMMIT`;
}

const claimsPrepared = new WeakMap<pg.PoolClient, Set<number>>();
function preparedClaims(client: pg.PoolClient): Set<number> {
  let limits = claimsPrepared.get(client);
  if (!limits) claimsPrepared.set(client, (limits = new Set()));
  return limits;
}

/**
 * Claims up to `limit` pending deliveries with their context (ClaimRows), hands them to `work`, marks each
 * with its outcome and commits; returns the rows once committed. Two round trips per batch (begin + claim
 * + context, then mark + commit). The claim's row locks last until that commit: another drain skips them,
 * and if this process dies the locks go with its connection, so the rows are pending again.
 */
export async function withClaimedBatch(limit: number, work: (rows: ClaimRow[]) => Promise<DeliveryOutcome[]>): Promise<ClaimRow[]> {
  const client = await directPool().connect();
  try {
    const results = (await client.query(claimBatchText(limit, preparedClaims(client).has(limit)))) as unknown as pg.QueryResult<ClaimRow>[];
    preparedClaims(client).add(limit);
    const rows = results.at(-1)!.rows;
    await client.query(markAndCommitText(client, await work(rows)));
    client.release();
    return rows;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    client.release(true); // the connection may be broken: do not reuse it
    throw error;
  }
}

/** Pending rows and the oldest one's age: all of them in the partial index webhook_events_pending_idx. */
export const backlogSql = () =>
  prepared("webhook-backlog", sql<{ pending: string; oldest: string | null }>`SELECT count(*) AS pending, extract(epoch FROM now() - min(received_at)) AS oldest FROM webhook_events WHERE processed_at IS NULL`);

export type QuarantineRow = { scope: "body" | "event"; raw: string; reason: string; facebookPageId: string | null; webhookEventId: string | null };

/** Quarantined bodies and items, one INSERT for all of them. */
export const quarantineSql = (rows: QuarantineRow[]) => sql`
     INSERT INTO webhook_quarantine (scope, raw, reason, facebook_page_id, webhook_event_id)
     SELECT * FROM unnest(${rows.map((r) => r.scope)}::text[], ${rows.map((r) => r.raw)}::text[], ${rows.map((r) => r.reason)}::text[],
                          ${rows.map((r) => r.facebookPageId)}::text[], ${rows.map((r) => r.webhookEventId)}::bigint[])`;
