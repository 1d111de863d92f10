import { BENCH } from "./lib/config";
import { WEBHOOK_URL } from "./lib/webhook";
import type { SettledMemory } from "../support/inspector";
import type { Bench } from "./lib/context";
import { runLoadGenerator } from "./lib/load-child";
import { cleanupLoadData, loadCustomers, openLoadWorld } from "./lib/load-world";
import { cpuPressure, loadAverage } from "./lib/pressure";
import { summarize, verdict } from "../support/stats";
import { warmCustomers } from "./load";
import type { LoadPlan } from "./lib/load-plan";

// Sockets at scale (issue #13 D): 1 000 agent sockets (50 users, 20 each: the per-user cap) in one Page's
// room while webhooks arrive at 10 msg/s; delivery latency over every socket's receipt, and what the app
// server's memory grows by for the 1 000 (RSS after connecting and joining, minus before). The load
// generator is its own process (load-generator.ts), as in the load benchmark. That RSS difference is taken
// without a garbage collection, so it also holds the garbage of 1 000 connects and joins and whatever the
// young generation grew by meanwhile (runs of the same code gave +11 and +32 MB): the run also reports the
// server's memory after forced collections (tests/support/inspector.ts) with the sockets and after they left, at the
// end, where it disturbs no other figure. The verdict stays on the first figure.

const SOCKETS = 1_000;
const RATE = 10;
const TARGETS = { deliveryP95Ms: 100, serverRssForSocketsMb: 30 };

type Result = {
  messages: number;
  sockets: number;
  failedPosts: number;
  maxLagMs: number;
  duplicates: number;
  lostOnSomeSocket: number;
  lostOnEverySocket: number;
  latencies: number[];
  rss: Record<string, { beforeSocketsKb: number; withSocketsKb: number; maxKb: number }>;
  settled?: { withSockets: SettledMemory; afterTheyLeft: SettledMemory; clientsLeft: number };
};

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/** What the sockets hold once garbage is collected: with them minus after they left (MB). */
function settledFigures(s: NonNullable<Result["settled"]>) {
  const w = s.withSockets;
  const a = s.afterTheyLeft;
  return {
    withSockets: { treeRss: mb(w.treeRssKb * 1024), heapUsed: mb(w.heapUsed), heapTotal: mb(w.heapTotal), external: mb(w.external) },
    afterTheyLeft: { treeRss: mb(a.treeRssKb * 1024), heapUsed: mb(a.heapUsed), heapTotal: mb(a.heapTotal), external: mb(a.external), clientsLeft: s.clientsLeft },
    heldBySockets: {
      heapUsed: mb(w.heapUsed - a.heapUsed),
      heapTotal: mb(w.heapTotal - a.heapTotal),
      external: mb(w.external - a.external),
      arrayBuffers: mb(w.arrayBuffers - a.arrayBuffers),
      // RSS rarely gives back all a collection frees, so this understates; the heap figures do not.
      treeRss: mb((w.treeRssKb - a.treeRssKb) * 1024),
    },
  };
}

export const socketsBench: Bench = {
  name: "sockets",
  needsApp: true,
  async run(ctx) {
    const seconds = ctx.options.quick ? 6 : 20;
    const { app, client, world } = await openLoadWorld(ctx);
    try {
      const page = world.pages[2]!;
      // Every third load customer is on the third page: 20 of them write.
      const customers = (await loadCustomers(world, app.sim, 0, 60)).filter((c) => c.facebookPageId === page.facebookPageId);
      await warmCustomers(customers, client, ctx.log);
      const plan: LoadPlan = {
        appUrl: `http://127.0.0.1:${BENCH.appPort}`,
        webhookUrl: WEBHOOK_URL,
        appSecret: BENCH.appSecret,
        tag: Date.now().toString(36),
        rate: RATE,
        seconds,
        customers,
        sockets: Array.from({ length: SOCKETS }, (_, i) => ({ token: world.agents[i % world.agents.length]!.token, pageIds: [page.id], conversationId: null })),
        socketUsers: Array.from({ length: SOCKETS }, (_, i) => i % world.agents.length),
        readers: [],
        readEveryMs: 2_000,
        repliers: [],
        replyEveryMs: 2_000,
        rssPids: { server: app.pid, worker: app.workerPid },
        graceSeconds: 15,
        settle: { inspectPort: BENCH.inspectPort, serverNodePid: app.serverNodePid() },
      };
      const before = { loadAverage: loadAverage(), cpuPressure: cpuPressure() };
      const g = await runLoadGenerator<Result>(plan, ctx.log);
      const after = { loadAverage: loadAverage(), cpuPressure: cpuPressure() };
      const delivery = summarize(g.latencies);
      const server = g.rss.server!;
      const grewMb = Math.round(((server.withSocketsKb - server.beforeSocketsKb) / 1024) * 10) / 10;
      ctx.log(`  ${g.sockets} sockets, ${g.messages} msgs at ${RATE}/s: delivery p50 ${delivery.p50} p95 ${delivery.p95} p99 ${delivery.p99} ms over ${delivery.n} receipts; lost ${g.lostOnEverySocket} (missed by some socket ${g.lostOnSomeSocket}), dup ${g.duplicates}; server RSS ${Math.round(server.beforeSocketsKb / 1024)} → ${Math.round(server.withSocketsKb / 1024)} MB (+${grewMb} MB for the sockets), max ${Math.round(server.maxKb / 1024)} MB; generator lag ${g.maxLagMs} ms`);
      const settled = g.settled ? settledFigures(g.settled) : null;
      if (settled) {
        const held = settled.heldBySockets;
        ctx.log(`  after GC: the sockets hold heap ${held.heapUsed} MB (heapTotal ${held.heapTotal}, external ${held.external}), RSS ${held.treeRss} MB; server RSS ${settled.withSockets.treeRss} MB with them, ${settled.afterTheyLeft.treeRss} MB after they left`);
      }
      return {
        target: TARGETS,
        method: `load generator in its own process, the agent sockets in a second (load-agents.ts): ${SOCKETS} sockets of ${world.agents.length} users joined to one page's room; signed webhooks at ${RATE}/s for ${seconds} s from ${customers.length} known customers of that page; latency = every socket's receipt − send; RSS of the server's process tree from /proc before connecting and 0.5 s after the last join (no forced GC; the verdict's figure); then, after the run, the server's memory after 3 forced GCs (inspector) with the sockets and after they left`,
        sockets: g.sockets,
        messages: g.messages,
        failedPosts: g.failedPosts,
        lost: g.lostOnEverySocket,
        missedBySomeSocket: g.lostOnSomeSocket,
        duplicates: g.duplicates,
        deliveryMs: delivery,
        serverRssMb: { beforeSockets: Math.round(server.beforeSocketsKb / 1024), withSockets: Math.round(server.withSocketsKb / 1024), max: Math.round(server.maxKb / 1024), grewForSockets: grewMb },
        serverMemoryAfterGcMb: settled,
        loadGeneratorMaxLagMs: g.maxLagMs,
        machineBefore: before,
        machineAfter: after,
        verdict: { delivery: verdict(delivery.p95, TARGETS.deliveryP95Ms), memory: verdict(grewMb, TARGETS.serverRssForSocketsMb) },
      };
    } finally {
      await client.end();
      await cleanupLoadData().catch(() => 0);
    }
  },
};
