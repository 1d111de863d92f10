import { createHmac } from "node:crypto";
import pg from "pg";
import { BENCH } from "./lib/config";
import type { Bench, BenchContext } from "./lib/context";
import { costMeter, pendingDeliveries, WEBHOOK_URL } from "./lib/webhook";
import { keepAliveAgent, request } from "./lib/http";
import { runLoadGenerator } from "./lib/load-child";
import { cleanupLoadData, loadConversations, loadCustomers, openLoadWorld, type LoadWorld } from "./lib/load-world";
import { cpuPressure, loadAverage } from "./lib/pressure";
import { sleep, summarize, verdict } from "../support/stats";
import type { LoadPlan } from "./lib/load-plan";

// What users feel at 200 msg/s (issue #13): signed webhooks at a steady 200/s from 200 customers of 3
// Pages, 50 agent sockets in the Page and conversation rooms, 20 agents reading (list, thread, search every
// 2 s each) and 5 replying through POST /api/send-message (the simulator answering the Send API). Twice:
// customers the app knows, and 200 it has never seen (each one's first message inside the run). The load
// generator is its own process (load-generator.ts); this process samples the backlog, CPU and the stage
// times the database holds (received_at = stored, processed_at = claimed) beside the worker's stamps in
// new-message (BENCH_STAGE_TIMINGS: written, emitted).

const RATE = 200;
const CUSTOMERS = 200;
const SOCKETS = 50;
const READERS = 20;
const REPLIERS = 5;
const EVERY_MS = 2_000;
const WARM_SECONDS = 5;
/** Untimed seconds of known customers' messages at the rate right before each timed run (LoadPlan.leadIn). */
const LEAD_IN_SECONDS = 2;
const TARGETS = { socketP95Ms: 50, socketP99Ms: 100, ackP99Ms: 20, listP95Ms: 25, threadP95Ms: 25, searchP95Ms: 50, replyP95Ms: 50 };

type GeneratorResult = {
  messages: number;
  sockets: number;
  failedPosts: number;
  postFailures: Record<string, number>;
  sendSeconds: number;
  sendEndAt: number;
  maxLagMs: number;
  socketsMaxLagMs: number;
  cpuMsPerMessage: number;
  agentsCpuMsPerMessage: number;
  duplicates: number;
  lostOnSomeSocket: number;
  lostOnEverySocket: number;
  latencies: number[];
  ackServerMs: number[];
  perMessage: [number, number, number, number, number][];
  reads: Record<"list" | "thread" | "search", number[]>;
  searchesByTerm: Record<string, number[]>;
  leadInMessages: number;
  readFailures: Record<string, number>;
  replies: number;
  replyLatency: number[];
  replyConfirmedLatency: number[];
  replyFailures: string[];
  rss: Record<string, { beforeSocketsKb: number; withSocketsKb: number; maxKb: number }>;
};

const wall = () => performance.timeOrigin + performance.now();
const round = (x: number) => Math.round(x * 100) / 100;

/** One message from each customer, so they are known (and their profiles looked up) before a timed run. */
export async function warmCustomers(customers: { facebookPageId: string; psid: string }[], client: pg.Client, log: (l: string) => void) {
  const agent = keepAliveAgent(16);
  const tag = `w${Date.now().toString(36)}`;
  try {
    for (const [i, c] of customers.entries()) {
      const ts = Date.now();
      const raw = JSON.stringify({ object: "page", entry: [{ id: c.facebookPageId, time: ts, messaging: [{ sender: { id: c.psid }, recipient: { id: c.facebookPageId }, timestamp: ts, message: { mid: `m_loadwarm_${tag}_${i}`, text: "hello, I wrote before" } }] }] });
      const res = await request(agent, WEBHOOK_URL, { method: "POST", headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${createHmac("sha256", BENCH.appSecret).update(raw).digest("hex")}` }, body: raw });
      if (res.status !== 200) throw new Error(`warm-up webhook answered ${res.status}`);
    }
    const deadline = performance.now() + 60_000;
    for (;;) {
      const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM customers WHERE psid = ANY($1) AND profile_fetched_at IS NOT NULL", [customers.map((c) => c.psid)]);
      if (Number(rows[0]!.n) >= customers.length) break;
      if (performance.now() > deadline) throw new Error(`warm-up: only ${rows[0]!.n}/${customers.length} customers known within 60 s`);
      await sleep(200);
    }
    log(`  warm-up: ${customers.length} known customers on 3 pages (profiles looked up)`);
  } finally {
    agent.destroy();
  }
}
const BENCH_APP_URL = () => `http://127.0.0.1:${BENCH.appPort}`;

function plan(ctx: BenchContext, world: LoadWorld, customers: LoadPlan["customers"], conversations: { id: string; pageId: string }[], seconds: number, app: { pid: number; workerPid: number }, leadIn?: LoadPlan["leadIn"]): LoadPlan {
  const pageIds = world.pages.map((p) => p.id);
  const agentFor = (i: number) => world.agents[i % world.agents.length]!;
  const pageA = ctx.dataset.pageA;
  return {
    appUrl: BENCH_APP_URL(),
    webhookUrl: WEBHOOK_URL,
    appSecret: BENCH.appSecret,
    tag: Date.now().toString(36),
    rate: RATE,
    seconds,
    customers,
    leadIn,
    sockets: Array.from({ length: SOCKETS }, (_, i) => ({ token: agentFor(i).token, pageIds, conversationId: conversations[i % conversations.length]?.id ?? null })),
    socketUsers: Array.from({ length: SOCKETS }, (_, i) => i % world.agents.length),
    readers: Array.from({ length: READERS }, (_, i) => ({
      token: agentFor(i).token,
      list: `/api/conversations/${pageA.id}?limit=15`,
      thread: `/api/conversation/${pageA.typicalConversationId}/${pageA.id}`,
      search: ["warranty", "lima", "zebracorn"].map((term) => `/api/conversations/${pageA.id}?limit=15&search=${term}`),
    })),
    readEveryMs: EVERY_MS,
    repliers: Array.from({ length: REPLIERS }, (_, i) => {
      const page = world.pages[i % world.pages.length]!;
      const mine = conversations.filter((c) => c.pageId === page.id).map((c) => c.id);
      return { token: agentFor(i).token, userIndex: i % world.agents.length, pageId: page.id, conversationIds: mine };
    }),
    replyEveryMs: EVERY_MS,
    rssPids: { server: app.pid, worker: app.workerPid },
    graceSeconds: 15,
  };
}

/**
 * An untimed run first, as a server that has been up for a while: the first requests of each kind load and
 * compile modules (tsx), prepare Prisma's queries and warm the JIT, which blocked the app's event loop for
 * hundreds of ms in the first timed run (its ack p99 600–700 ms against 40–50 in the next ones).
 */
async function warmPaths(ctx: BenchContext, loadPlan: LoadPlan, client: pg.Client) {
  await runLoadGenerator<GeneratorResult>(loadPlan, () => {});
  const deadline = performance.now() + 60_000;
  while ((await pendingDeliveries(client)) > 0 && performance.now() < deadline) await sleep(100);
  ctx.log(`  warm-up: ${loadPlan.seconds} s of the same load, not timed`);
}

/** Pending deliveries every 100 ms while a run lasts: the backlog's peak and when it was last non-empty. */
function backlogSampler(client: pg.Client) {
  let max = 0;
  let lastNonEmptyAt = 0;
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const n = await pendingDeliveries(client);
      max = Math.max(max, n);
      if (n > 0) lastNonEmptyAt = wall();
      await sleep(100);
    }
  })();
  return { stop: async () => ((stopped = true), await done, { max, lastNonEmptyAt }) };
}

async function stageTimes(client: pg.Client, tag: string) {
  const { rows } = await client.query<{ i: string; stored: number; claimed: number }>(
    `SELECT substring(payload->'entry'->0->'messaging'->0->'message'->>'mid' from $2) AS i,
            extract(epoch from received_at) * 1000 AS stored, extract(epoch from processed_at) * 1000 AS claimed
       FROM webhook_events WHERE payload->'entry'->0->'messaging'->0->'message'->>'mid' LIKE $1`,
    [`m_load_${tag}_%`, `^m_load_${tag}_(\\d+)$`],
  );
  return new Map(rows.map((r) => [Number(r.i), { stored: Number(r.stored), claimed: Number(r.claimed) }]));
}

/**
 * Every run starts from the same database state, untimed: the rows the last run churned vacuumed, and the
 * dirty buffers written out. This machine's Postgres runs with autovacuum off (conf.d/90-ci.conf): the load's
 * 6 000 conversation updates a run piled up as dead index entries run after run (the conversations' indexes
 * grew from ~30 to 105 MB in an afternoon), which production's autovacuum removes every couple of minutes
 * at this rate. A checkpoint that fell inside a run stalled the acks' commits for up to 200 ms.
 */
async function settleDatabase(client: pg.Client, log: (line: string) => void) {
  await client.query("VACUUM (ANALYZE) conversations, customers, messages, webhook_events");
  // CHECKPOINT needs a superuser or pg_checkpoint (Postgres 15+): without either, the runs go on without it.
  await client.query("CHECKPOINT").catch((error: Error & { code?: string }) => {
    if (error.code !== "42501") throw error;
    if (!checkpointRefused) log(`  note: no CHECKPOINT before the runs (${error.message})`);
    checkpointRefused = true;
  });
}
let checkpointRefused = false;

async function oneRun(ctx: BenchContext, variant: string, loadPlan: LoadPlan, app: { pid: number; workerPid: number }, client: pg.Client) {
  await settleDatabase(client, ctx.log);
  const before = { loadAverage: loadAverage(), cpuPressure: cpuPressure() };
  const meter = await costMeter(app, client);
  const backlog = backlogSampler(client);
  const g = await runLoadGenerator<GeneratorResult>(loadPlan, ctx.log);
  const drainDeadline = performance.now() + 60_000;
  while ((await pendingDeliveries(client)) > 0 && performance.now() < drainDeadline) await sleep(100);
  const { max, lastNonEmptyAt } = await backlog.stop();
  const cost = await meter(g.messages + g.leadInMessages); // the processes' CPU over both
  const after = { loadAverage: loadAverage(), cpuPressure: cpuPressure() };

  const db = await stageTimes(client, loadPlan.tag);
  const start = Math.min(...g.perMessage.map((m) => m[0]));
  const newStages = () => ({ sentToStored: [] as number[], storedToClaimed: [] as number[], claimedToWritten: [] as number[], writtenToEmitted: [] as number[], emittedToReceived: [] as number[] });
  // The whole run's, and the first second's on their own: that is where a burst of first contacts lands.
  const stages = newStages();
  const firstSecond = newStages();
  g.perMessage.forEach(([sent, , first, written, emitted], i) => {
    const d = db.get(i);
    if (!d || Number.isNaN(first)) return;
    for (const s of sent - start < 1000 ? [stages, firstSecond] : [stages]) {
      s.sentToStored.push(d.stored - sent);
      s.storedToClaimed.push(d.claimed - d.stored);
      if (!Number.isNaN(written)) {
        s.claimedToWritten.push(written - d.claimed);
        s.writtenToEmitted.push(emitted - written);
        s.emittedToReceived.push(first - emitted);
      }
    }
  });
  const socket = summarize(g.latencies);
  // First socket's latency per second of the run: where in the run the tail is (first contacts come first).
  const bySecond: number[][] = [];
  for (const [sent, , first] of g.perMessage) if (!Number.isNaN(first)) (bySecond[Math.floor((sent - start) / 1000)] ??= []).push(first - sent);
  const firstSocketP95BySecond = bySecond.map((v) => (v?.length ? summarize(v).p95 : null));
  const ack = summarize(g.perMessage.map((m) => m[1]).filter((x) => !Number.isNaN(x)));
  const list = summarize(g.reads.list);
  const thread = summarize(g.reads.thread);
  const search = summarize(g.reads.search);
  const reply = summarize(g.replyLatency);
  const kb = (k: number) => Math.round(k / 1024);
  const run = {
    variant,
    messages: g.messages,
    sockets: g.sockets,
    sendSeconds: round(g.sendSeconds),
    failedPosts: g.failedPosts,
    postFailures: g.postFailures,
    lost: g.lostOnEverySocket,
    missedBySomeSocket: g.lostOnSomeSocket,
    duplicates: g.duplicates,
    webhookToSocketMs: socket,
    ackMs: ack,
    ackServerMs: summarize(g.ackServerMs),
    readsMs: { list, thread, search },
    searchByTermP95Ms: Object.fromEntries(Object.entries(g.searchesByTerm).map(([term, ms]) => [term, summarize(ms).p95])),
    readFailures: g.readFailures,
    replies: g.replies,
    replyToOtherSocketMs: reply,
    /** Not a bar: until the other agent's screen says "Sent" (the Send API's answer and Meta's id stored). */
    replyConfirmedToOtherSocketMs: summarize(g.replyConfirmedLatency),
    replyFailures: g.replyFailures,
    backlog: { max, drainSecondsAfterLastSend: round(Math.max(0, lastNonEmptyAt - g.sendEndAt) / 1000) },
    firstSocketP95BySecond,
    stagesMs: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, summarize(v)])),
    firstSecondStagesMs: Object.fromEntries(Object.entries(firstSecond).map(([k, v]) => [k, summarize(v)])),
    firstSecondAckMs: summarize(g.perMessage.filter((m) => m[0] - start < 1000).map((m) => m[1]).filter((x) => !Number.isNaN(x))),
    rssMb: Object.fromEntries(Object.entries(g.rss).map(([k, v]) => [k, { beforeSockets: kb(v.beforeSocketsKb), withSockets: kb(v.withSocketsKb), max: kb(v.maxKb) }])),
    ...cost,
    loadGeneratorMaxLagMs: g.maxLagMs,
    agentSocketsMaxLagMs: g.socketsMaxLagMs,
    loadGeneratorCpuMsPerMessage: g.cpuMsPerMessage,
    agentSocketsCpuMsPerMessage: g.agentsCpuMsPerMessage,
    machineBefore: before,
    machineAfter: after,
  };
  ctx.log(
    `  ${variant}: webhook→socket p50 ${socket.p50} p95 ${socket.p95} p99 ${socket.p99} ms; ack p99 ${ack.p99} (in the server ${run.ackServerMs.p99}); list/thread/search p95 ${list.p95}/${thread.p95}/${search.p95} (${Object.entries(run.searchByTermP95Ms).map(([t, p]) => `${t} ${p}`).join(", ")}); reply→socket p95 ${reply.p95} (n=${reply.n}, confirmed p95 ${run.replyConfirmedToOtherSocketMs.p95}); ` +
      `lost ${run.lost}, dup ${run.duplicates}; backlog max ${max}, drained ${run.backlog.drainSecondsAfterLastSend} s after the last send; cpu/msg server ${cost.serverCpuMsPerMessage} worker ${cost.workerCpuMsPerMessage} db ${cost.dbCpuMsPerMessage} generator ${g.cpuMsPerMessage} (agents ${g.agentsCpuMsPerMessage}) ms; ` +
      `stages p95 ${stageLine(run.stagesMs)} (first second: ${stageLine(run.firstSecondStagesMs)}, ack p95 ${run.firstSecondAckMs.p95}); load ${before.loadAverage[0]}→${after.loadAverage[0]}, psi ${before.cpuPressure?.avg10}→${after.cpuPressure?.avg10}`,
  );
  return run;
}

type Run = Awaited<ReturnType<typeof oneRun>>;

function stageLine(stages: Record<string, { p95: number }>) {
  return `stored ${stages.sentToStored!.p95} claimed ${stages.storedToClaimed!.p95} written ${stages.claimedToWritten!.p95} emitted ${stages.writtenToEmitted!.p95} received ${stages.emittedToReceived!.p95}`;
}

/** Median and spread over the runs of a variant, for the figures with a bar. */
function medianOf(runs: Run[]) {
  const pick: Record<string, (r: Run) => number> = {
    socketP95Ms: (r) => r.webhookToSocketMs.p95,
    socketP99Ms: (r) => r.webhookToSocketMs.p99,
    ackP99Ms: (r) => r.ackMs.p99,
    listP95Ms: (r) => r.readsMs.list.p95,
    threadP95Ms: (r) => r.readsMs.thread.p95,
    searchP95Ms: (r) => r.readsMs.search.p95,
    replyP95Ms: (r) => r.replyToOtherSocketMs.p95,
  };
  return Object.fromEntries(
    Object.entries(pick).map(([name, f]) => {
      const values = runs.map(f).sort((a, b) => a - b);
      const median = values[Math.floor(values.length / 2)]!;
      const target = TARGETS[name as keyof typeof TARGETS];
      return [name, { median, min: values[0], max: values.at(-1), target, verdict: verdict(median, target) }];
    }),
  );
}

/** BENCH_LOAD_VARIANTS=new (or known): one variant only, for a quicker look while working on one of them. */
function variantsToRun(): ("known" | "new")[] {
  const wanted = process.env.BENCH_LOAD_VARIANTS?.split(",").map((v) => v.trim()).filter(Boolean);
  if (!wanted?.length) return ["known", "new"];
  const unknown = wanted.filter((v) => v !== "known" && v !== "new");
  if (unknown.length) throw new Error(`BENCH_LOAD_VARIANTS: unknown variant ${unknown.join(", ")} (use known, new)`);
  return wanted as ("known" | "new")[];
}

export const loadBench: Bench = {
  name: "load",
  needsApp: true,
  async run(ctx) {
    const quick = ctx.options.quick;
    const seconds = quick ? 6 : 30;
    const runsPerVariant = quick ? 1 : 3;
    const { app, client, world } = await openLoadWorld(ctx);
    try {
      const known = await loadCustomers(world, app.sim, 0, CUSTOMERS);
      await warmCustomers(known, client, ctx.log);
      const conversations = await loadConversations(known.map((c) => c.psid));
      await warmPaths(ctx, plan(ctx, world, known, conversations, WARM_SECONDS, app), client);
      const variants: Record<string, { runs: Run[]; summary: ReturnType<typeof medianOf> }> = {};
      for (const variant of variantsToRun()) {
        const runs: Run[] = [];
        for (let r = 0; r < runsPerVariant; r++) {
          // New customers: 200 never seen, fresh for every run (their first message is inside the run).
          const customers = variant === "known" ? known : await loadCustomers(world, app.sim, 1_000 * (r + 1), CUSTOMERS);
          const runPlan = plan(ctx, world, customers, conversations, seconds, app, { seconds: LEAD_IN_SECONDS, customers: known });
          runs.push(await oneRun(ctx, `${variant} customers, run ${r + 1}/${runsPerVariant}`, runPlan, app, client));
        }
        variants[variant] = { runs, summary: medianOf(runs) };
      }
      return {
        target: TARGETS,
        method: `load generator in its own process, the agent sockets in a second (load-agents.ts): signed webhooks (1 message each, to ${WEBHOOK_URL}) open loop at ${RATE}/s for ${seconds} s from ${CUSTOMERS} customers of 3 pages, right after ${LEAD_IN_SECONDS} s at the same rate from the known customers, not timed (the fresh generator and agent processes warm up; LoadPlan.leadIn); ${SOCKETS} agent sockets (${world.agents.length} users) in the 3 page rooms and a conversation room each; ${READERS} agents reading list, thread and search every ${EVERY_MS / 1000} s each over HTTP; ${REPLIERS} agents replying every ${EVERY_MS / 1000} s through POST /api/send-message (reply → first socket of another user: its new-message, shown as sending; "confirmed" = its message-updated with Meta's id). Known customers wrote once before; new ones never (fresh per run). ${runsPerVariant} run(s) each; median and spread. Stages: stored = webhook_events.received_at, claimed = processed_at (the claim transaction's start), written/emitted = the worker's stamps (BENCH_STAGE_TIMINGS), received = first socket.`,
        ...variants,
      };
    } finally {
      await client.end();
      const removed = await cleanupLoadData().catch(() => 0);
      ctx.log(`  removed ${removed} load customers (with their conversations and messages)`);
    }
  },
};
