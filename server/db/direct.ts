import "server-only";
import pg from "pg";
import { env } from "@/server/env";
import { surviveConnectionErrors } from "@/server/db/connection-errors";

// Plain pg, beside Prisma, for the hottest statements only: the webhook path (the acknowledging INSERT in the
// app server, the ingest's batch statements in the worker: server/services/inbound/), the actor's row
// that every API request and socket connect reads (server/services/auth/actor.ts, server/realtime/lookups.ts), and
// the inbox's reads that agents repeat every few seconds: the page, the list, the thread
// (server/access/pages.ts, server/services/conversations/list-rows.ts, thread-rows.ts).
// They run per delivery, per message or per request, and Prisma 7 costs several times more CPU
// per statement than pg with prepared statements — measured on the ingest's own statements: the message
// statement 1.4 ms of Node + 1.3 ms of Postgres CPU through Prisma, 0.4 + 0.6 ms through pg; a claim
// transaction 2.0 + 0.5 ms against 0.2 + 0.2 ms (docs/performance/history-2026-11.md §4). Everything else uses Prisma.
// Its own connections also mean an ack never waits behind other requests' queries for one.
//
// Named statements are prepared once per connection (Postgres then reuses the plan). pg returns int8 as
// string, timestamptz as Date and json/jsonb parsed.
const pools = globalThis as unknown as { switchboardDirectPool?: pg.Pool; switchboardIngestPool?: pg.Pool };

/** How long an idle connection stays open (server/db/index.ts says why it is minutes, not seconds). */
export const IDLE_CONNECTION_MS = 300_000;

function newPool(name: string, options: pg.PoolConfig = {}): pg.Pool {
  // Idle connections never keep a script or a test process alive. A connection Postgres ends (a restart, a
  // failover) is dropped and replaced on the next query instead of ending the process (connection-errors.ts).
  return surviveConnectionErrors(new pg.Pool({ connectionString: env().DATABASE_URL, max: 8, idleTimeoutMillis: IDLE_CONNECTION_MS, allowExitOnIdle: true, ...options }), name);
}

export function directPool(): pg.Pool {
  pools.switchboardDirectPool ??= newPool("direct");
  return pools.switchboardDirectPool;
}

/**
 * The worker's ingest statements (a batch's context, messages and first contacts; a first contact's profile
 * afterwards): committed without waiting for the WAL flush (synchronous_commit off), which on this kind of
 * disk is 1–2.5 ms a commit — per message, and one customer's messages wait for each other. Durability is
 * not given up: the batch's rows are marked processed by the claim transaction (webhook-store.ts), which
 * commits synchronously after every one of these statements, and its flush writes all WAL before it. If
 * Postgres itself stops before that, the unflushed writes are lost but so is the mark: the deliveries are
 * pending again and processed anew (the mid dedupes). A lost profile update leaves the fallback name, and
 * the customer's next message looks it up again.
 */
export function ingestPool(): pg.Pool {
  pools.switchboardIngestPool ??= newPool("ingest", { options: "-c synchronous_commit=off" });
  return pools.switchboardIngestPool;
}
