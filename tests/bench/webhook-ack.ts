import pg from "pg";
import { BENCH } from "./lib/config";
import type { Bench } from "./lib/context";
import { budget } from "./lib/context";
import { WEBHOOK_CUSTOMERS } from "./lib/dataset";
import { keepAliveAgent } from "./lib/http";
import { summarize, verdict } from "../support/stats";
import { atSteadyRate, costMeter, message, pendingDeliveries, post, runTag, waitStored } from "./lib/webhook";
import { warmWebhookPath } from "./lib/webhook-warmup";

// (a) Webhook acknowledgement latency: signed POSTs (one message each) at steady rates, open loop, over
// keep-alive connections; the time from sending the request to the end of the 200. A light rate shows
// the ack path alone; a heavier one shows it sharing the process with the processing that follows acks.

const TARGET_P99_MS = 20;
const RATES = [20, 100];

export const webhookAckBench: Bench = {
  name: "webhook-ack",
  needsApp: true,
  async run(ctx) {
    const { ackSeconds } = budget(ctx.options);
    const app = await ctx.app();
    const agent = keepAliveAgent(64);
    const client = new pg.Client({ connectionString: BENCH.databaseUrl });
    await client.connect();
    const runs: Record<string, unknown>[] = [];
    try {
      await warmWebhookPath(agent, ctx.log);
      for (const rate of RATES) {
        const tag = runTag();
        const count = rate * ackSeconds;
        const samples: number[] = [];
        const serverSamples: number[] = [];
        const statuses: Record<string, number> = {};
        const meter = await costMeter(app, client);
        const sent = await atSteadyRate(rate, count, async (i) => {
          const res = await post(agent, [message(tag, i, WEBHOOK_CUSTOMERS)]).catch(() => ({ status: 0, ms: Number.NaN, body: "" }));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200) samples.push(res.ms);
          if (res.status === 200 && "serverMs" in res && res.serverMs !== undefined) serverSamples.push(res.serverMs);
        });
        const sendEnd = performance.now();
        const stored = await waitStored(client, tag, count, 90_000);
        const cost = await meter(stored.count);
        const ack = summarize(samples);
        const ackServer = summarize(serverSamples);
        const drain = Math.round(((stored.at - sendEnd) / 1000) * 100) / 100;
        ctx.log(
          `  ack at ${rate}/s: p50 ${ack.p50} p95 ${ack.p95} p99 ${ack.p99} ms (n=${ack.n}; in the server p50 ${ackServer.p50} p99 ${ackServer.p99}); stored ${stored.count}/${count}, ` +
            `last stored ${drain} s after the last send; cpu/msg: server ${cost.serverCpuMsPerMessage} ms, worker ${cost.workerCpuMsPerMessage} ms, db ${cost.dbCpuMsPerMessage} ms`,
        );
        runs.push({
          rate,
          requests: count,
          statuses,
          sendSeconds: Math.round(sent.seconds * 100) / 100,
          maxSchedulerLagMs: sent.lagMs,
          ackMs: ack,
          // The server's own share (Server-Timing), without the network and the load generator's event loop.
          ackServerMs: ackServer,
          stored: stored.count,
          drainSecondsAfterLastSend: drain,
          pendingDeliveriesAfter: await pendingDeliveries(client),
          ...cost,
          verdict: verdict(ack.p99, TARGET_P99_MS),
        });
      }
    } finally {
      agent.destroy();
      await client.end();
    }
    return {
      target: { ackP99Ms: TARGET_P99_MS },
      method: `signed POSTs (1 message each) open loop over keep-alive connections at ${RATES.join(" and ")}/s for ${ackSeconds} s each, to ${WEBHOOK_CUSTOMERS} existing customers of page B`,
      runs,
    };
  },
};
