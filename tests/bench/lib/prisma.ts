import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { BENCH } from "./config";

// Two Prisma clients for in-process benchmarks, swapped into the slot `server/db/index.ts` reads on every use
// (globalThis.switchboardDb), so the real services run unchanged on them:
//  - `plain`: configured like production (no logging), used for every timed iteration;
//  - `counting`: emits a `query` event per SQL statement, used to count and capture queries per request.
// Timings never include the logging overhead; counts never depend on timing.

export type CapturedQuery = { query: string; params: string; durationMs: number };

const pool = { connectionString: BENCH.databaseUrl, max: 10 };
const slot = globalThis as unknown as { switchboardDb?: PrismaClient };

export function createClients() {
  const plain = new PrismaClient({ adapter: new PrismaPg(pool) });
  const counting = new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: "event", level: "query" }] });
  let captured: CapturedQuery[] = [];
  counting.$on("query", (e) => captured.push({ query: e.query, params: e.params, durationMs: e.duration }));
  slot.switchboardDb = plain;

  return {
    plain,
    /** Runs `work` on the counting client and returns its result with the SQL it issued. */
    async capture<T>(work: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }> {
      captured = [];
      slot.switchboardDb = counting;
      try {
        const result = await work();
        return { result, queries: captured };
      } finally {
        slot.switchboardDb = plain;
      }
    },
    async close() {
      slot.switchboardDb = undefined;
      await Promise.all([plain.$disconnect(), counting.$disconnect()]);
    },
  };
}
