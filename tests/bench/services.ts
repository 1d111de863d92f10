import pg from "pg";
import { BENCH } from "./lib/config";
import type { Bench } from "./lib/context";
import { budget } from "./lib/context";
import { cpuDelta, databaseCpuMs, ownCpuMs } from "../support/cpu";
import { staffActor } from "./lib/scenarios";
import { now, summarize, verdict } from "../support/stats";

// Conversation list and thread latency through the real services, in-process (no HTTP): p50/p95/p99 over
// sequential calls after a warm-up, the SQL statements one call issues (a constant count is the bar), and
// the CPU one call costs in Node (Prisma + service) and in Postgres, which the machine's load cannot inflate.

const TARGET_P95_MS = 25;
/** findVisiblePage + at most 5 search statements + findMany by id with its 3 relation reads. */
const SEARCH_MAX_QUERIES = 10;
const round = (x: number) => Math.round(x * 100) / 100;

export const servicesBench: Bench = {
  name: "services",
  async run(ctx) {
    const { warmup, iterations, scenarioMs } = budget(ctx.options);
    const clients = ctx.clients();
    const actor = staffActor(ctx.dataset);
    const rows: Record<string, unknown>[] = [];
    const probe = new pg.Client({ connectionString: BENCH.databaseUrl });
    await probe.connect();
    try {
      for (const scenario of await ctx.scenarios()) {
        const { queries } = await clients.capture(() => scenario.call(actor));
        const warmEnd = now() + 2_000; // slow scenarios get a bounded warm-up
        for (let i = 0; i < warmup && now() < warmEnd; i++) await scenario.call(actor);
        const samples: number[] = [];
        const deadline = now() + scenarioMs;
        const cpu0 = ownCpuMs();
        const db0 = await databaseCpuMs(probe);
        while (samples.length < iterations && now() < deadline) {
          const started = now();
          await scenario.call(actor);
          samples.push(now() - started);
        }
        const nodeCpuMsPerCall = round((ownCpuMs() - cpu0) / samples.length);
        const dbCpuMsPerCall = round(cpuDelta(db0, await databaseCpuMs(probe)) / samples.length);
        const latency = summarize(samples);
        rows.push({
          scenario: scenario.name,
          kind: scenario.kind,
          about: scenario.about,
          queries: queries.length,
          latencyMs: latency,
          nodeCpuMsPerCall,
          dbCpuMsPerCall,
          targetP95Ms: TARGET_P95_MS,
          verdict: verdict(latency.p95, TARGET_P95_MS),
        });
        ctx.log(
          `  ${scenario.name.padEnd(24)} p50 ${latency.p50.toFixed(2).padStart(8)}  p95 ${latency.p95.toFixed(2).padStart(8)}  p99 ${latency.p99.toFixed(2).padStart(8)} ms` +
            `  n=${latency.n}  queries=${queries.length}  cpu: node ${nodeCpuMsPerCall} + db ${dbCpuMsPerCall} ms/call`,
        );
      }
    } finally {
      await probe.end();
    }
    // Search takes 2 to 10 statements by the way it answers (search-conversations.ts), never more with more
    // data or a bigger page: it is held to that bound, the plain list and the thread to one count each.
    const isSearch = (r: Record<string, unknown>) => String(r.scenario).startsWith("list.search.");
    const countsOf = (kind: string, search = false) =>
      [...new Set(rows.filter((r) => r.kind === kind && isSearch(r) === search).map((r) => r.queries as number))].sort((a, b) => a - b);
    const searchCounts = countsOf("list", true);
    return {
      target: { p95Ms: TARGET_P95_MS, constantQueryCount: true },
      dataset: { conversations: ctx.dataset.pageA.conversations, messages: ctx.dataset.pageA.messages },
      method:
        "sequential calls of listConversations/getThread in-process (staff actor assigned to the page), Prisma 7 + adapter-pg, pool 10; " +
        "CPU per call from process.cpuUsage (Node) and /proc of the bench database's Postgres backends (DB)",
      queryCounts: {
        list: countsOf("list"),
        thread: countsOf("thread"),
        search: searchCounts,
        constant: countsOf("list").length === 1 && countsOf("thread").length === 1 && searchCounts.every((n) => n <= SEARCH_MAX_QUERIES),
      },
      scenarios: rows,
      misses: rows.filter((r) => r.verdict === "MISS").map((r) => r.scenario),
    };
  },
};
