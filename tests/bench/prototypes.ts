import pg from "pg";
import type { Actor } from "@/server/auth/actor";
import { ZConversationListQuery } from "@/lib/schemas/conversations";
import { listConversations } from "@/server/services/conversations/list-conversations";
import { BENCH } from "./lib/config";
import type { Bench, BenchContext } from "./lib/context";
import { budget } from "./lib/context";
import { RARE_WORD } from "./lib/dataset";
import { staffActor } from "./lib/scenarios";
import { now, summarize } from "./lib/stats";
import { listWithBoundedCursor } from "./prototypes/cursor";
import { listWithSearch, WALK } from "./prototypes/search";

// Opt-in (`npm run bench -- --only=prototypes`): the fixes proposed in docs/PERFORMANCE.md, measured side
// by side with the current code on the same data. Nothing here changes service code, and the experimental
// trigram indexes exist only during this benchmark (dropped at the end), so the other benchmarks always
// see the schema exactly as the migrations make it.
//  1. keyset pages: a redundant `last_message_at <= cursor` bound the index can range-scan on (since applied
//     to list-conversations.ts and get-thread.ts, so both sides now run the same plan: it stays as a check
//     that the rows are identical);
//  2. search: GIN trigram indexes + a two-phase query.
// (The third, a leaner webhook processing, is now the real one in server/services/messenger/.)

const TRGM_INDEXES = [
  "CREATE INDEX IF NOT EXISTS bench_proto_messages_text_trgm ON messages USING gin (text gin_trgm_ops)",
  "CREATE INDEX IF NOT EXISTS bench_proto_customers_name_trgm ON customers USING gin (name gin_trgm_ops)",
];
const DROP_TRGM = ["DROP INDEX IF EXISTS bench_proto_messages_text_trgm", "DROP INDEX IF EXISTS bench_proto_customers_name_trgm"];

type Variant = { call: (actor: Actor) => Promise<{ data: { id: string }[] }> };

async function time(ctx: BenchContext, variant: Variant, actor: Actor) {
  const { warmup, iterations, scenarioMs } = budget(ctx.options);
  const warmEnd = now() + 2_000;
  for (let i = 0; i < warmup && now() < warmEnd; i++) await variant.call(actor);
  const samples: number[] = [];
  const deadline = now() + scenarioMs;
  while (samples.length < iterations && now() < deadline) {
    const t = now();
    await variant.call(actor);
    samples.push(now() - t);
  }
  return summarize(samples);
}

async function compare(ctx: BenchContext, actor: Actor, current: Variant, proto: Variant) {
  const a = await current.call(actor);
  const b = await proto.call(actor);
  const sameResult = JSON.stringify(a.data.map((d) => d.id)) === JSON.stringify(b.data.map((d) => d.id));
  const queries = (await ctx.clients().capture(() => proto.call(actor))).queries.length;
  return { sameResult, queries, current: await time(ctx, current, actor), prototype: await time(ctx, proto, actor), result: b };
}

const queryOf = (path: string) => ZConversationListQuery.parse(Object.fromEntries(new URL(`http://x${path}`).searchParams));

async function cursorBound(ctx: BenchContext, actor: Actor) {
  const pageId = ctx.dataset.pageA.id;
  const rows: Record<string, unknown>[] = [];
  for (const scenario of (await ctx.scenarios()).filter((s) => s.path.includes("cursor="))) {
    const query = queryOf(scenario.path);
    const r = await compare(ctx, actor, { call: (a) => listConversations(a, pageId, query) }, { call: (a) => listWithBoundedCursor(a, pageId, query) });
    rows.push({ scenario: scenario.name, sameResult: r.sameResult, queries: r.queries, currentMs: r.current, prototypeMs: r.prototype });
    ctx.log(`  cursor ${scenario.name.padEnd(26)} p50 ${r.current.p50} → ${r.prototype.p50} ms, p95 ${r.current.p95} → ${r.prototype.p95} ms (same rows: ${r.sameResult})`);
  }
  return { change: "AND last_message_at <= cursor.at beside the (lt OR (eq AND id lt)) keyset condition", scenarios: rows };
}

async function search(ctx: BenchContext, actor: Actor, pgc: pg.Client) {
  const pageId = ctx.dataset.pageA.id;
  await pgc.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  await pgc.query("SET maintenance_work_mem = '256MB'");
  const t = now();
  for (const sql of TRGM_INDEXES) await pgc.query(sql);
  await pgc.query("ANALYZE messages, customers");
  const indexBuildSeconds = Math.round((now() - t) / 100) / 10;
  const sizes = await pgc.query<{ name: string; size: string }>("SELECT relname AS name, pg_size_pretty(pg_relation_size(oid)) AS size FROM pg_class WHERE relname LIKE 'bench_proto_%'");
  ctx.log(`  trigram indexes built in ${indexBuildSeconds} s`);
  const mk = (name: string, about: string, raw: Record<string, string>) => ({ name, about, path: `/api/conversations/${pageId}?${new URLSearchParams(raw)}` });
  const searches = [
    ...(await ctx.scenarios()).filter((s) => s.name.startsWith("list.search.")),
    mk("list.search.word.p2", 'search="warranty", page=2', { search: "warranty", page: "2" }),
    mk("list.search.rare.important", `search="${RARE_WORD}" + isImportant`, { search: RARE_WORD, isImportant: "true" }),
  ];
  const rows: Record<string, unknown>[] = [];
  for (const scenario of searches) {
    const query = queryOf(scenario.path);
    const r = await compare(ctx, actor, { call: (a) => listConversations(a, pageId, query) }, { call: (a) => listWithSearch(a, pageId, query) });
    const phase = (r.result as { phase?: number }).phase;
    rows.push({ scenario: scenario.name, about: scenario.about, sameResult: r.sameResult, phase, queries: r.queries, currentWithTrgmMs: r.current, prototypeMs: r.prototype });
    ctx.log(`  search ${scenario.name.padEnd(26)} current+trgm p50 ${r.current.p50} p95 ${r.current.p95} ms → two-phase p50 ${r.prototype.p50} p95 ${r.prototype.p95} ms (phase ${phase}, same rows: ${r.sameResult})`);
  }
  return {
    change: `GIN trigram indexes on messages.text and customers.name + two-phase search (walk the newest ${WALK}, then trigram candidates)`,
    indexBuildSeconds,
    indexSizes: Object.fromEntries(sizes.rows.map((r) => [r.name, r.size])),
    insertMsWithTrgm: await insertCost(pgc, ctx.dataset.pageB.id),
    scenarios: rows,
  };
}

/** Single-row message INSERTs like the webhook path's (rolled back): what the trigram index costs writes. */
async function insertCost(client: pg.Client, pageBId: string) {
  const { rows } = await client.query<{ id: string }>("SELECT id FROM conversations WHERE page_id = $1 ORDER BY last_message_at DESC LIMIT 1", [pageBId]);
  const samples: number[] = [];
  await client.query("BEGIN");
  try {
    for (let i = 0; i < 300; i++) {
      const t = now();
      await client.query(
        `INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, send_status, created_time)
         VALUES (gen_random_uuid(), $1, $2, 'inbound', '1', $3, 'received', now())`,
        [rows[0]!.id, `m_bench_insert_${Date.now()}_${i}`, `hello is my parcel number ${i} on its way to the store today`],
      );
      samples.push(now() - t);
    }
  } finally {
    await client.query("ROLLBACK");
  }
  return summarize(samples);
}

export const prototypesBench: Bench = {
  name: "prototypes",
  optIn: true,
  async run(ctx) {
    const actor = staffActor(ctx.dataset);
    const pgc = new pg.Client({ connectionString: BENCH.databaseUrl });
    await pgc.connect();
    const out: Record<string, unknown> = {};
    try {
      out.cursorBound = await cursorBound(ctx, actor);
      out.search = await search(ctx, actor, pgc);
    } finally {
      for (const sql of DROP_TRGM) await pgc.query(sql).catch(() => {});
      await pgc.query("DROP EXTENSION IF EXISTS pg_trgm").catch(() => {});
      if (out.search) (out.search as Record<string, unknown>).insertMsWithoutTrgm = await insertCost(pgc, ctx.dataset.pageB.id).catch(() => null);
      await pgc.end();
    }
    return out;
  },
};
