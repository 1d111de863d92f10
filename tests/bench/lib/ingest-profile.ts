import pg from "pg";
import { processWebhookBatch } from "@/server/services/messenger/process-webhook";
import { storeWebhookEvent } from "@/server/services/messenger/webhook-store";
import { BENCH } from "./config";
import type { BenchContext } from "./context";
import { PROFILE_PSID_INDEX, webhookPsid } from "./dataset";
import { body, runTag } from "./webhook";

// The SQL one webhook delivery costs, captured in-process with the counting Prisma client: the store
// before the 200 and the processing after it (a batch of one: the most a lone delivery pays), for a known
// customer and for a first-time one.

const shorten = (sql: string) =>
  sql
    .replaceAll('"public".', "")
    .replace(/^SELECT .*? FROM ("?\w+"?)/s, "SELECT … FROM $1")
    .replace(/\s+/g, " ")
    .slice(0, 110);

export async function ingestQueryProfile(ctx: BenchContext) {
  const clients = ctx.clients();
  const tag = runTag();
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  // The ack's statement, stored for an empty body (the running worker processes it: nothing to do).
  const stored = await clients.capture(() => storeWebhookEvent(JSON.stringify({ object: "page", entry: [] })));
  const pending = async () => Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM webhook_events WHERE processed_at IS NULL")).rows[0]!.n);
  while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 20));

  // The processing, claimed here rather than by the worker: the row is inserted without a NOTIFY, so only
  // the worker's 2 s safety poll could take it first (then this tries again).
  const profile = async (n: number) => {
    for (let attempt = 1; ; attempt++) {
      const m = { psid: webhookPsid(PROFILE_PSID_INDEX), mid: `m_bench_${tag}_p${n}_${attempt}`, text: `bench ${tag} p${n} profile`, timestamp: Date.now() };
      await client.query("INSERT INTO webhook_events (payload) VALUES ($1)", [body([m])]);
      const processed = await clients.capture(async () => {
        const run = processWebhookBatch(1);
        const claimed = await run.claimed;
        await run.done;
        return claimed;
      });
      if (processed.result === 1 || attempt === 3) {
        return { beforeAck: stored.queries.length, afterAck: processed.queries.length, statements: processed.queries.map((q) => shorten(q.query)) };
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
