import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "@/server/generated/prisma/client";
import { directPool } from "@/server/db/direct";
import { BENCH } from "./config";

// Two Prisma clients for in-process benchmarks, swapped into the slot `server/db/index.ts` reads on every use
// (globalThis.switchboardDb), so the real services run unchanged on them:
//  - `plain`: configured like production (no logging), used for every timed iteration;
//  - `counting`: emits a `query` event per SQL statement, used to count and capture queries per request;
//    while it is swapped in, the app's pg pool (server/db/direct.ts, where the reads' SQL runs since it moved
//    off Prisma's client) records its statements too — without that, reads counted 0 queries and EXPLAIN
//    had nothing to explain.
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
      const pool = directPool();
      const query = pool.query;
      pool.query = function (this: pg.Pool, config: unknown, values?: unknown) {
        const text = typeof config === "string" ? config : (config as pg.QueryConfig).text;
        const params = typeof config === "string" ? values : (config as pg.QueryConfig).values;
        const started = performance.now();
        const entry: CapturedQuery = { query: text, params: JSON.stringify(params ?? []), durationMs: 0 };
        captured.push(entry);
        const result = (query as (...args: unknown[]) => Promise<unknown>).call(this, config, values);
        void result.then(() => void (entry.durationMs = performance.now() - started)).catch(() => {});
        return result;
      } as typeof pool.query;
      try {
        const result = await work();
        return { result, queries: captured };
      } finally {
        pool.query = query;
        slot.switchboardDb = plain;
      }
    },
    async close() {
      slot.switchboardDb = undefined;
      await Promise.all([plain.$disconnect(), counting.$disconnect()]);
    },
  };
}
