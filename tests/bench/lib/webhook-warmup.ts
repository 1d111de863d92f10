import type http from "node:http";
import pg from "pg";
import { BENCH } from "./config";
import { WEBHOOK_CUSTOMERS } from "./dataset";
import { atSteadyRate, message, post, runTag, waitStored } from "./webhook";

// Before a timed webhook run: one message from each bench customer, so the customers and conversations
// exist (the steady state of an inbox: most messages come from people who wrote before) and the server's
// route, Prisma and Socket.IO paths are warm. Done once per run.

let warmed = false;

export async function warmWebhookPath(agent: http.Agent, log: (line: string) => void): Promise<void> {
  if (warmed) return;
  const tag = runTag();
  const client = new pg.Client({ connectionString: BENCH.databaseUrl });
  await client.connect();
  try {
    await atSteadyRate(100, WEBHOOK_CUSTOMERS, async (i) => {
      const res = await post(agent, [message(tag, i, WEBHOOK_CUSTOMERS, "w")]);
      if (res.status !== 200) throw new Error(`warm-up webhook answered ${res.status}: ${res.body.slice(0, 200)}`);
    });
    const stored = await waitStored(client, tag, WEBHOOK_CUSTOMERS, 60_000);
    if (stored.count < WEBHOOK_CUSTOMERS) throw new Error(`warm-up: only ${stored.count}/${WEBHOOK_CUSTOMERS} messages stored within 60 s`);
    log(`  warm-up: ${WEBHOOK_CUSTOMERS} customers created through the webhook`);
    warmed = true;
  } finally {
    await client.end();
  }
}
