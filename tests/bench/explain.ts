import pg from "pg";
import { BENCH } from "./lib/config";
import type { Bench } from "./lib/context";
import { staffActor } from "./lib/scenarios";

// EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the services issue for each scenario (captured from Prisma's
// query events, run again with the same parameters), keeping the key plan lines and flagging seq scans.

const BIG_TABLES = new Set(["conversations", "messages", "customers", "customer_tags"]);
const KEY_LINE = /(Scan|Sort|Join|Nested Loop|Limit|Aggregate|Hash|Filter:|Index Cond:|Rows Removed|Heap Fetches|Execution Time|SubPlan|InitPlan)/;

export type PlanSummary = { sql: string; executionMs: number; seqScans: string[]; bigSeqScans: string[]; keyLines: string[] };

export async function explainQuery(client: pg.Client, sql: string, params: unknown[]): Promise<PlanSummary> {
  const run = async () => (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
  await run(); // warm the cache the way the timed iterations were
  const lines = await run();
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? Number.NaN);
  const seqScans = [...lines.join("\n").matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
  return {
    sql: sql.replaceAll('"public".', "").slice(0, 400),
    executionMs,
    seqScans,
    bigSeqScans: seqScans.filter((t) => BIG_TABLES.has(t)),
    keyLines: lines.filter((l) => KEY_LINE.test(l)).map((l) => l.replace(/\s+$/, "").replace(/^(\s*)->\s+/, "$1-> ").slice(0, 240)).slice(0, 16),
  };
}

export const explainBench: Bench = {
  name: "explain",
  async run(ctx) {
    const clients = ctx.clients();
    const actor = staffActor(ctx.dataset);
    const pgClient = new pg.Client({ connectionString: BENCH.databaseUrl });
    await pgClient.connect();
    const rows: Record<string, unknown>[] = [];
    try {
      for (const scenario of await ctx.scenarios()) {
        const { queries } = await clients.capture(() => scenario.call(actor));
        const plans: PlanSummary[] = [];
        for (const q of queries) plans.push(await explainQuery(pgClient, q.query, JSON.parse(q.params) as unknown[]));
        const hottest = [...plans].sort((a, b) => b.executionMs - a.executionMs)[0];
        const seq = [...new Set(plans.flatMap((p) => p.seqScans))];
        rows.push({
          scenario: scenario.name,
          about: scenario.about,
          queries: plans.length,
          totalExecutionMs: Math.round(plans.reduce((s, p) => s + p.executionMs, 0) * 100) / 100,
          seqScans: seq,
          bigTableSeqScans: [...new Set(plans.flatMap((p) => p.bigSeqScans))],
          hottest,
          others: plans.filter((p) => p !== hottest).map((p) => ({ sql: p.sql.slice(0, 120), executionMs: p.executionMs, seqScans: p.seqScans })),
        });
        ctx.log(`  ${scenario.name.padEnd(24)} hottest ${hottest?.executionMs.toFixed(2).padStart(8)} ms  seq scans: ${seq.join(", ") || "none"}`);
      }
    } finally {
      await pgClient.end();
    }
    return { method: "EXPLAIN (ANALYZE, BUFFERS) on the SQL captured from Prisma, second run (warm)", scenarios: rows };
  },
};
