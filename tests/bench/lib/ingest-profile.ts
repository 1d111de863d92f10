import { processWebhookEvent, storeWebhookEvent } from "@/server/services/messenger/process-webhook";
import type { BenchContext } from "./context";
import { PROFILE_PSID_INDEX, webhookPsid } from "./dataset";
import { body, runTag } from "./webhook";

// The SQL one webhook delivery costs, captured in-process with the counting Prisma client: the store
// before the 200 and the processing after it, for a known customer and for a first-time one.

const shorten = (sql: string) =>
  sql
    .replaceAll('"public".', "")
    .replace(/^SELECT .*? FROM ("?\w+"?)/s, "SELECT … FROM $1")
    .replace(/\s+/g, " ")
    .slice(0, 110);

export async function ingestQueryProfile(ctx: BenchContext) {
  const clients = ctx.clients();
  const tag = runTag();
  const profile = async (n: number) => {
    const m = { psid: webhookPsid(PROFILE_PSID_INDEX), mid: `m_bench_${tag}_p${n}`, text: `bench ${tag} p${n} profile`, timestamp: Date.now() };
    const raw = JSON.parse(body([m])) as unknown;
    const stored = await clients.capture(() => storeWebhookEvent(raw));
    const processed = await clients.capture(() => processWebhookEvent(stored.result));
    return { beforeAck: stored.queries.length, afterAck: processed.queries.length, statements: processed.queries.map((q) => shorten(q.query)) };
  };
  // A customer outside the warm pool writes twice: first-time (profile lookup, new customer and
  // conversation rows), then known.
  const firstTime = await profile(1);
  const known = await profile(2);
  return { knownCustomer: known, firstTimeCustomer: firstTime };
}
