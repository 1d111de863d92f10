import type http from "node:http";
import pg from "pg";
import { io as connect, type Socket } from "socket.io-client";
import { issueToken } from "@/server/services/auth/token";
import { BENCH } from "./lib/config";
import type { Bench, BenchContext } from "./lib/context";
import { budget } from "./lib/context";
import { WEBHOOK_CUSTOMERS } from "./lib/dataset";
import { keepAliveAgent } from "./lib/http";
import { sleep, summarize, verdict } from "../support/stats";
import { atSteadyRate, costMeter, message, pendingDeliveries, post, runTag } from "./lib/webhook";
import { warmWebhookPath } from "./lib/webhook-warmup";

// (c) Webhook → agent's socket: a staff user's socket.io-client (bearer token, joined to the page) while
// signed webhooks arrive at a steady rate; latency from sending the POST to receiving `new-message`,
// matched by the message text. Sender and receiver share this process's clock. The bar's 200 msg/s, and a
// light 20 msg/s that shows the pipeline's own latency when nothing queues.

const RATES = [20, 200];
const BAR_RATE = 200;
const TARGET_P95_MS = 50;
const TARGET_ACK_P99_MS = 20;

async function runAt(ctx: BenchContext, rate: number, seconds: number, socket: Socket, agent: http.Agent, client: pg.Client, app: { pid: number; workerPid: number }) {
  const tag = runTag();
  const count = rate * seconds;
  const sentAt = new Array<number>(count).fill(Number.NaN);
  const latency: number[] = [];
  const seen = new Set<number>();
  let duplicates = 0;
  const pattern = new RegExp(`^bench ${tag} s(\\d+) `);
  const onMessage = (payload: { message?: { message?: string } }) => {
    const at = performance.now();
    const match = pattern.exec(payload?.message?.message ?? "");
    if (!match) return;
    const i = Number(match[1]);
    if (seen.has(i)) return void duplicates++;
    seen.add(i);
    latency.push(at - sentAt[i]!);
  };
  socket.on("new-message", onMessage);
  const ackMs: number[] = [];
  const ackServerMs: number[] = [];
  let failed = 0;
  const meter = await costMeter(app, client);
  try {
    const sent = await atSteadyRate(rate, count, async (i) => {
      sentAt[i] = performance.now();
      const res = await post(agent, [message(tag, i, WEBHOOK_CUSTOMERS, "s")]).catch(() => ({ status: 0, ms: Number.NaN, body: "" }));
      if (res.status === 200) ackMs.push(res.ms);
      else failed++;
      if (res.status === 200 && "serverMs" in res && res.serverMs !== undefined) ackServerMs.push(res.serverMs);
    });
    const deadline = performance.now() + 15_000;
    while (seen.size < count && performance.now() < deadline) await sleep(50);
    const cost = await meter(seen.size);
    // Whatever is still queued is finished before the next run (bounded), so runs do not overlap.
    const drainDeadline = performance.now() + 60_000;
    while ((await pendingDeliveries(client)) > 0 && performance.now() < drainDeadline) await sleep(250);

    const events = summarize(latency);
    const ack = summarize(ackMs);
    const ackServer = summarize(ackServerMs);
    ctx.log(`  ${count} msgs at ${rate}/s: webhook→socket p50 ${events.p50} p95 ${events.p95} p99 ${events.p99} ms, received ${seen.size}/${count} within 15 s of the last send; ack p99 ${ack.p99} ms (in the server ${ackServer.p99}); cpu/msg: server ${cost.serverCpuMsPerMessage} ms, worker ${cost.workerCpuMsPerMessage} ms, db ${cost.dbCpuMsPerMessage} ms`);
    return {
      rate,
      seconds: Math.round(sent.seconds * 100) / 100,
      maxSchedulerLagMs: sent.lagMs,
      messages: count,
      failedPosts: failed,
      received: seen.size,
      lost: count - seen.size,
      duplicates,
      webhookToSocketMs: events,
      ackMs: ack,
      // The server's own share (Server-Timing), without the network and the load generator's event loop.
      ackServerMs: ackServer,
      ...cost,
      verdict: seen.size === count ? verdict(events.p95, TARGET_P95_MS) : "MISS",
      ackVerdict: verdict(ack.p99, TARGET_ACK_P99_MS),
    };
  } finally {
    socket.off("new-message", onMessage);
  }
}

export const webhookSocketBench: Bench = {
  name: "webhook-socket",
  needsApp: true,
  async run(ctx) {
    const { socketSeconds } = budget(ctx.options);
    const app = await ctx.app();
    const agent = keepAliveAgent(64);
    const token = await issueToken(ctx.dataset.staffUserId);
    const socket = connect(app.url, { auth: { token }, transports: ["websocket"], reconnection: false });
    const client = new pg.Client({ connectionString: BENCH.databaseUrl });
    await client.connect();
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", (e) => reject(new Error(`socket connect failed: ${e.message}`)));
        setTimeout(() => reject(new Error("socket connect timed out")), 10_000);
      });
      const joined = (await socket.timeout(5000).emitWithAck("join-page", { pageId: ctx.dataset.pageB.id })) as { ok: boolean; error?: string };
      if (!joined.ok) throw new Error(`join-page refused: ${joined.error}`);
      await warmWebhookPath(agent, ctx.log);
      const runs = [];
      for (const rate of RATES) runs.push(await runAt(ctx, rate, socketSeconds, socket, agent, client, app));
      return {
        target: { socketP95Ms: TARGET_P95_MS, atRate: BAR_RATE, ackP99Ms: TARGET_ACK_P99_MS },
        method: `signed POSTs (1 message each) open loop at ${RATES.join(" and ")}/s for ${socketSeconds} s each to ${WEBHOOK_CUSTOMERS} existing customers; one staff socket joined to page B; a message not received within 15 s of the last send counts as lost`,
        runs,
      };
    } finally {
      socket.disconnect();
      agent.destroy();
      await client.end();
    }
  },
};
