import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { env } from "@/server/env";
import { IDLE_CONNECTION_MS } from "@/server/db/direct";
import { connectionErrorLogger } from "@/server/db/connection-errors";

// One Prisma client per process, created on first use (so `next build` can load route modules without a
// database) and kept on globalThis so Next's dev reloads and the custom server share one pool. Idle
// connections are kept 5 minutes (pg's default is 10 s): after a lull, the next burst would otherwise open
// them again — a new Postgres backend each, its caches cold — in the very second the burst arrives. Idle
// connections never keep a script alive.
const globalForDb = globalThis as unknown as { switchboardDb?: PrismaClient };

function client(): PrismaClient {
  // The adapter listens to its pool's errors itself; ours only say so in the log (connection-errors.ts).
  const lost = connectionErrorLogger("prisma");
  const pool = { connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE, idleTimeoutMillis: IDLE_CONNECTION_MS, allowExitOnIdle: true };
  globalForDb.switchboardDb ??= new PrismaClient({ adapter: new PrismaPg(pool, { onPoolError: lost, onConnectionError: lost }) });
  return globalForDb.switchboardDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, property) {
    const target = client();
    const value = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

