import pg from "pg";
import { env } from "@/server/env";

// Plain pg, beside Prisma, for the statements of the webhook hot path only: the acknowledging INSERT in the
// app server and the ingest's batch statements in the worker (server/services/messenger/). They run once
// per delivery or per message, at the rate customers write, and Prisma 7 costs several times more CPU
// per statement than pg with prepared statements — measured on the ingest's own statements: the message
// statement 1.4 ms of Node + 1.3 ms of Postgres CPU through Prisma, 0.4 + 0.6 ms through pg; a claim
// transaction 2.0 + 0.5 ms against 0.2 + 0.2 ms (docs/PERFORMANCE.md §4). Everything else uses Prisma.
// Its own connections also mean an ack never waits behind other requests' queries for one.
//
// Named statements are prepared once per connection (Postgres then reuses the plan). pg returns int8 as
// string, timestamptz as Date and json/jsonb parsed.
const globalForPool = globalThis as unknown as { switchboardDirectPool?: pg.Pool };

export function directPool(): pg.Pool {
  globalForPool.switchboardDirectPool ??= new pg.Pool({
    connectionString: env().DATABASE_URL,
    max: 8,
    idleTimeoutMillis: 30_000,
    // Idle connections never keep a script or a test process alive.
    allowExitOnIdle: true,
  });
  return globalForPool.switchboardDirectPool;
}

