import pg from "pg";
import { directPool, ingestPool } from "@/server/db/direct";
import { processWebhookBatch } from "@/server/services/inbound/process-webhook";
import { storeWebhookEvent } from "@/server/services/inbound/webhook-store";
import { BENCH } from "./config";
import type { BenchContext } from "./context";
import { WEBHOOK_CUSTOMERS, webhookPsid } from "./dataset";

/** One more customer, outside the warm pool (lib/app-server.ts registers it), whose first message the profile captures. */
const PROFILE_PSID_INDEX = WEBHOOK_CUSTOMERS;
import { body, runTag } from "./webhook";

// The SQL one webhook delivery costs, captured in-process: Prisma's statements with the counting client,
// and those on plain pg (the hot path, server/db/direct.ts) by wrapping pg.Client's query() meanwhile.
// The store before the 200, and the processing after it as a batch of one (the most a lone delivery pays),
// for a known customer and for a first-time one.

const shorten = (sql: string) =>
  sql
    .replaceAll('"public".', "")
    .replace(/^SELECT .*? FROM ("?\w+"?)/s, "SELECT … FROM $1")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 110);

type QueryArg = string | { text: string };

/** Connections of the hot path's pools (Prisma's adapter also runs on pg.Client: those are not counted here). */
const directClients = new WeakSet<object>();
let watching = false;

/** Runs `work` and returns the SQL it sent through the direct pool, in order. */
async function onPlainPg<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  if (!watching) {
    for (const pool of [directPool(), ingestPool()]) pool.on("connect", (c) => directClients.add(c));
    watching = true;
  }
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as QueryArg;
    if (directClients.has(this)) statements.push(typeof first === "string" ? first : first.text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

export async function ingestQueryProfile(ctx: BenchContext) {
  const clients = ctx.clients();
  const tag = runTag();
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  const capture = async <T>(work: () => Promise<T>) => {
    const viaPg = await onPlainPg(() => clients.capture(work));
    const statements = [...viaPg.result.queries.map((q) => `prisma: ${shorten(q.query)}`), ...viaPg.statements.map((s) => `pg: ${shorten(s)}`)];
    return { result: viaPg.result.result, statements };
  };
  // The ack's statements, for an empty body (the running worker processes it: nothing to do).
  const stored = await capture(() => storeWebhookEvent(JSON.stringify({ object: "page", entry: [] })));
  const pending = async () => Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM webhook_events WHERE processed_at IS NULL")).rows[0]!.n);
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 20));

  // The processing, claimed here rather than by the worker: the row is inserted without the wake-up, so
  // only the worker's 2 s safety poll could take it first (then this tries again).
  const profile = async (n: number) => {
    for (let attempt = 1; ; attempt++) {
      const m = { psid: webhookPsid(PROFILE_PSID_INDEX), mid: `m_bench_${tag}_p${n}_${attempt}`, text: `bench ${tag} p${n} profile`, timestamp: Date.now() };
      await client.query("INSERT INTO webhook_events (payload) VALUES ($1)", [body([m])]);
      const processed = await capture(async () => {
        const run = processWebhookBatch(1);
        const claimed = await run.claimed;
        await run.done;
        return claimed;
      });
      if (processed.result === 1 || attempt === 3) {
        return { beforeAck: stored.statements.length, afterAck: processed.statements.length, statements: processed.statements };
      }
    }
  };
  try {
    // A customer outside the warm pool writes twice: first-time (profile lookup, new customer and
    // conversation rows), then known.
    const firstTime = await profile(1);
    const known = await profile(2);
    return { knownCustomer: known, firstTimeCustomer: firstTime };
  } finally {
    await client.end();
  }
}
