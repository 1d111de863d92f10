import pg from "pg";
import type { Actor } from "@/server/services/auth/actor";
import { ZConversationListQuery } from "@/lib/schemas/conversations";
import { listConversations } from "@/server/services/conversations/list-conversations";
import { BENCH } from "./lib/config";
import type { Bench, BenchContext } from "./lib/context";
import { budget } from "./lib/context";
import { staffActor } from "./lib/scenarios";
import { now, summarize } from "../support/stats";
import { listWithBoundedCursor } from "./prototypes/cursor";

// Opt-in (`npm run bench -- --only=prototypes`): the fixes proposed in docs/performance/history-2026-11.md ("Misses and what to do about them"), measured side
// by side with the current code on the same data. Nothing here changes service code or, in the end, the
// schema, so the other benchmarks always see it exactly as the migrations make it.
//  1. keyset pages: a redundant `last_message_at <= cursor` bound the index can range-scan on (since applied
//     to list-conversations.ts and get-thread.ts, so both sides now run the same plan: it stays as a check
//     that the rows are identical);
//  2. search: applied (migration conversation_search_trigram + search-conversations.ts; the services bench
//     times it); what remains here is what its trigram indexes cost the write path, with and without them.
// (The third, a leaner webhook processing, is now the real one in server/services/inbound/.)

/** The search's trigram indexes on the tables the webhook path writes. */
const SEARCH_WRITE_INDEXES = ["messages_page_text_trgm_idx", "conversations_page_last_message_text_trgm_idx"];

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
  for (const scenario of (await ctx.scenarios()).filter((s) => s.path.includes("cursor=") && !s.name.startsWith("list.search."))) {
    const query = queryOf(scenario.path);
    const r = await compare(ctx, actor, { call: (a) => listConversations(a, pageId, query) }, { call: (a) => listWithBoundedCursor(a, pageId, query) });
    rows.push({ scenario: scenario.name, sameResult: r.sameResult, queries: r.queries, currentMs: r.current, prototypeMs: r.prototype });
    ctx.log(`  cursor ${scenario.name.padEnd(26)} p50 ${r.current.p50} → ${r.prototype.p50} ms, p95 ${r.current.p95} → ${r.prototype.p95} ms (same rows: ${r.sameResult})`);
  }
  return { change: "AND last_message_at <= cursor.at beside the (lt OR (eq AND id lt)) keyset condition", scenarios: rows };
}

async function searchWriteCost(ctx: BenchContext, pgc: pg.Client) {
  const withIndexes = await writeCost(pgc, ctx.dataset.pageB.id, false);
  const withoutIndexes = await writeCost(pgc, ctx.dataset.pageB.id, true);
  ctx.log(
    `  search indexes on writes: message INSERT p50 ${withoutIndexes.insertMs.p50} → ${withIndexes.insertMs.p50} ms (p99 ${withoutIndexes.insertMs.p99} → ${withIndexes.insertMs.p99}),` +
      ` preview UPDATE p50 ${withoutIndexes.updateMs.p50} → ${withIndexes.updateMs.p50} ms (without → with the trigram indexes)`,
  );
  return { change: "trigram indexes of migration conversation_search_trigram on the webhook write path", withIndexes, withoutIndexes };
}

/**
 * A message INSERT and the conversation's preview UPDATE, like the webhook path's, 300 times in a transaction
 * that is rolled back; `dropIndexes` drops the search's trigram indexes first, inside that transaction.
 */
async function writeCost(client: pg.Client, pageBId: string, dropIndexes: boolean) {
  const { rows } = await client.query<{ id: string }>("SELECT id FROM conversations WHERE page_id = $1 ORDER BY last_message_at DESC LIMIT 1", [pageBId]);
  const inserts: number[] = [];
  const updates: number[] = [];
  await client.query("BEGIN");
  try {
    if (dropIndexes) for (const index of SEARCH_WRITE_INDEXES) await client.query(`DROP INDEX ${index}`);
    for (let i = 0; i < 300; i++) {
      const text = `hello is my parcel number ${i} on its way to the store today`;
      let t = now();
      await client.query(
        `INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, send_status, created_time)
         VALUES (gen_random_uuid(), $1, $2, 'inbound', '1', $3, 'received', now())`,
        [rows[0]!.id, `m_bench_insert_${Date.now()}_${i}`, text],
      );
      inserts.push(now() - t);
      t = now();
      await client.query("UPDATE conversations SET last_message_text = $2, last_message_at = now(), updated_at = now() WHERE id = $1", [rows[0]!.id, text]);
      updates.push(now() - t);
    }
  } finally {
    await client.query("ROLLBACK");
  }
  return { insertMs: summarize(inserts), updateMs: summarize(updates) };
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
      out.searchWriteCost = await searchWriteCost(ctx, pgc);
    } finally {
      await pgc.end();
    }
    return out;
  },
};
