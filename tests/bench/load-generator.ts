// The load benchmark's load generator, run as its own process (tests/bench/lib/load-child.ts spawns it) so
// its CPU — signing, HTTP — is not the app's or the worker's, and its own event-loop lag is measured apart.
// The agents' sockets run in a second process it forks (load-agents.ts), so that parsing their events
// does not delay the sends and the timings taken here. Reads its plan from the JSON file named by argv[2];
// prints progress on stderr and writes its result to the file named by argv[3]. Self-contained: it imports
// no server code (and so no server environment), only the bench's HTTP and inspector helpers.
import { fork, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { keepAliveAgent, request } from "./lib/http";
import { rawHttpPool } from "./lib/raw-http";
import { loopLagMeter } from "./lib/loop-lag";
import { benchNodeArgs } from "./lib/load-child";
import { treeRssKb } from "../support/inspector";
import type { AgentsCommand, AgentsReady, AgentsResult } from "./load-agents";
import type { LoadPlan } from "./lib/load-plan";

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Message i of the timed run ("load"), or of the lead-in ("lead": neither counted nor timed). */
function body(plan: LoadPlan, i: number, kind: "load" | "lead" = "load"): string {
  const customers = kind === "load" ? plan.customers : plan.leadIn!.customers;
  const who = customers[i % customers.length]!;
  const ts = Date.now();
  return JSON.stringify({
    object: "page",
    entry: [{ id: who.facebookPageId, time: ts, messaging: [{ sender: { id: who.psid }, recipient: { id: who.facebookPageId }, timestamp: ts, message: { mid: `m_${kind}_${plan.tag}_${i}`, text: `${kind} ${plan.tag} s${i} where is my order?` } }] }],
  });
}

const sign = (plan: LoadPlan, raw: string) => `sha256=${createHmac("sha256", plan.appSecret).update(raw).digest("hex")}`;

/** The agents' sockets in their own process: resolves once every one is connected and joined. */
async function startAgents(planFile: string): Promise<{ child: ChildProcess; sockets: number; result: () => Promise<AgentsResult> }> {
  const child = fork(path.join(import.meta.dirname, "load-agents.ts"), [planFile], { execArgv: [...benchNodeArgs(), "--import", "tsx"], stdio: ["ignore", "ignore", "inherit", "ipc"] });
  let resolveResult: (r: AgentsResult) => void = () => {};
  let rejectResult: (e: Error) => void = () => {};
  const result = new Promise<AgentsResult>((resolve, reject) => ((resolveResult = resolve), (rejectResult = reject)));
  result.catch(() => {});
  const ready = await new Promise<AgentsReady>((resolve, reject) => {
    child.on("message", (m: AgentsReady | AgentsResult) => (m.type === "ready" ? resolve(m) : resolveResult(m)));
    child.once("exit", (code) => {
      const error = new Error(`the agents' process exited with ${code}`);
      reject(error);
      rejectResult(error);
    });
  });
  return { child, sockets: ready.sockets, result: () => result };
}

const command = (child: ChildProcess, c: AgentsCommand) => child.send(c);

async function main() {
  const plan = JSON.parse(await readFile(process.argv[2]!, "utf8")) as LoadPlan;
  const count = plan.rate * plan.seconds;
  const rss: Record<string, { beforeSocketsKb: number; withSocketsKb: number; maxKb: number }> = {};
  for (const [name, pid] of Object.entries(plan.rssPids)) rss[name] = { beforeSocketsKb: treeRssKb(pid), withSocketsKb: 0, maxKb: 0 };

  const agents = await startAgents(process.argv[2]!);
  await sleep(500);
  for (const [name, pid] of Object.entries(plan.rssPids)) rss[name]!.withSocketsKb = treeRssKb(pid);

  const sentAt = new Float64Array(count).fill(Number.NaN);
  const ackMs = new Float64Array(count).fill(Number.NaN);
  const ackServerMs: number[] = []; // the server's own share (Server-Timing), without this process's lag
  const replySentAt = new Map<number, { at: number; userIndex: number }>();

  // Event-loop lag of this process: what it adds to every figure it measures.
  const lag = loopLagMeter();
  const rssTimer = setInterval(() => {
    for (const [name, pid] of Object.entries(plan.rssPids)) rss[name]!.maxKb = Math.max(rss[name]!.maxKb, treeRssKb(pid));
  }, 500);

  // Meta's deliveries through the lean client (lib/raw-http.ts), over up to 64 keep-alive connections.
  const webhookUrl = new URL(plan.webhookUrl);
  const webhooks = rawHttpPool(webhookUrl.origin, 64);
  const deliver = (raw: string) => webhooks.post(webhookUrl.pathname, { "Content-Type": "application/json", "X-Hub-Signature-256": sign(plan, raw) }, raw);
  const readAgent = keepAliveAgent(32);
  let failedPosts = 0;
  // Why each failed delivery failed (HTTP status and body, or the connection error): a lost ack needs its cause.
  const postFailures: Record<string, number> = {};
  const failedBecause = (why: string) => {
    failedPosts++;
    postFailures[why] = (postFailures[why] ?? 0) + 1;
  };
  let stopReading = false;
  const reads: Record<string, number[]> = { list: [], thread: [], search: [] };
  const readFailures: Record<string, number> = { list: 0, thread: 0, search: 0 };
  /** Each search's latencies by its term: the three take different paths (search-conversations.ts). */
  const searchesByTerm: Record<string, number[]> = {};
  const replyFailures: string[] = [];

  const reader = async (spec: LoadPlan["readers"][number], offset: number) => {
    await sleep(offset);
    const headers = { Authorization: `Bearer ${spec.token}`, Accept: "application/json" };
    let k = 0;
    while (!stopReading) {
      const started = performance.now();
      for (const [kind, path] of [["list", spec.list], ["thread", spec.thread], ["search", spec.search[k++ % spec.search.length]!]] as const) {
        const res = await request(readAgent, `${plan.appUrl}${path}`, { headers }).catch(() => ({ status: 0, ms: Number.NaN, body: "" }));
        if (res.status === 200) reads[kind]!.push(res.ms);
        else readFailures[kind]!++;
        if (kind === "search" && res.status === 200) (searchesByTerm[new URL(path, plan.appUrl).searchParams.get("search") ?? ""] ??= []).push(res.ms);
      }
      await sleep(Math.max(0, plan.readEveryMs - (performance.now() - started)));
    }
  };
  let replyCounter = 0;
  const replier = async (spec: LoadPlan["repliers"][number], offset: number) => {
    await sleep(offset);
    const headers = { Authorization: `Bearer ${spec.token}`, Accept: "application/json", "Content-Type": "application/json" };
    let k = 0;
    while (!stopReading) {
      const started = performance.now();
      const n = replyCounter++;
      replySentAt.set(n, { at: wall(), userIndex: spec.userIndex });
      const conversationId = spec.conversationIds[k++ % spec.conversationIds.length]!;
      const res = await request(readAgent, `${plan.appUrl}/api/send-message`, {
        method: "POST",
        headers,
        body: JSON.stringify({ pageId: spec.pageId, conversationId, text: `reply ${plan.tag} r${n}`, message_type: "text" }),
      }).catch((e: Error) => ({ status: 0, ms: Number.NaN, body: e.message }));
      if (res.status !== 200 && replyFailures.length < 5) replyFailures.push(`${res.status}: ${res.body.slice(0, 200)}`);
      await sleep(Math.max(0, plan.replyEveryMs - (performance.now() - started)));
    }
  };
  const readersDone = Promise.all([
    ...plan.readers.map((r, i) => reader(r, (i * plan.readEveryMs) / Math.max(1, plan.readers.length))),
    ...plan.repliers.map((r, i) => replier(r, (i * plan.replyEveryMs) / Math.max(1, plan.repliers.length))),
  ]);

  // Open loop at the rate, as Meta sends: a slow answer never delays the next delivery. The lead-in's
  // sends come first, on the same schedule; their answers are not waited for.
  const leadInCount = plan.leadIn ? plan.rate * plan.leadIn.seconds : 0;
  const leadInStarted = performance.now();
  for (let i = 0; i < leadInCount; i++) {
    const wait = leadInStarted + (i * 1000) / plan.rate - performance.now();
    if (wait > 1) await sleep(wait);
    const raw = body(plan, i, "lead");
    void deliver(raw).catch(() => {});
  }
  const started = leadInStarted + (leadInCount * 1000) / plan.rate;
  // What the readers and repliers did during the lead-in is not the run's.
  for (const kind of Object.keys(reads)) reads[kind]!.length = 0;
  for (const term of Object.keys(searchesByTerm)) delete searchesByTerm[term];
  for (const kind of Object.keys(readFailures)) readFailures[kind] = 0;
  replySentAt.clear();
  // This process's own CPU while it sends: it shares the machine's 2 cores with what it measures.
  const cpuAtStart = process.cpuUsage();
  command(agents.child, { type: "start" });
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / plan.rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const raw = body(plan, i);
    sentAt[i] = wall();
    inflight.push(
      deliver(raw).then(
        (res) => {
          if (res.status === 200) ackMs[i] = res.ms;
          else failedBecause(`${res.status}: ${res.body.slice(0, 120)}`);
          if (res.serverMs !== undefined) ackServerMs.push(res.serverMs);
        },
        (error: Error) => failedBecause(error.message),
      ),
    );
  }
  await Promise.all(inflight);
  const sendEndAt = wall();
  const cpu = process.cpuUsage(cpuAtStart);
  command(agents.child, { type: "finish", graceMs: plan.graceSeconds * 1000 });
  const received = await agents.result();
  stopReading = true;
  await readersDone;
  const maxLagMs = lag.stop();
  clearInterval(rssTimer);
  webhooks.destroy();
  readAgent.destroy();

  // Latencies: every socket's receipt of message i minus its send; the first receipt for the stages.
  const S = agents.sockets;
  const latencies: number[] = [];
  const receivedBy = new Uint16Array(count);
  const firstAt = new Float64Array(count).fill(Number.NaN);
  for (let i = 0; i < count; i++) {
    for (let s = 0; s < S; s++) {
      const at = received.receipts[i * S + s];
      if (at === null || at === undefined) continue;
      receivedBy[i]!++;
      latencies.push(at - sentAt[i]!);
      if (!(at >= firstAt[i]!)) firstAt[i] = at;
    }
  }
  // A reply's latency: to the first socket of another user than its sender — shown (as sending), and
  // confirmed (Meta's id known).
  const toAnotherUser = (receipts: Record<number, [number, number][]>) => {
    const latency: number[] = [];
    for (const [k, sent] of replySentAt) {
      const others = (receipts[k] ?? []).filter(([s]) => plan.socketUsers[s] !== sent.userIndex).map(([, at]) => at);
      if (others.length) latency.push(Math.min(...others) - sent.at);
    }
    return latency;
  };
  const replyLatency = toAnotherUser(received.replies);
  const replyConfirmedLatency = toAnotherUser(received.confirmations);
  const stamp = (x: number | null | undefined) => x ?? Number.NaN;

  const result = {
    messages: count,
    sockets: S,
    failedPosts,
    postFailures,
    sendSeconds: (sendEndAt - sentAt[0]!) / 1000,
    sendEndAt,
    maxLagMs,
    socketsMaxLagMs: received.maxLagMs,
    // Both processes: this one while it sends, the agents' while they receive; and the agents' alone.
    cpuMsPerMessage: Math.round((((cpu.user + cpu.system) / 1000 + received.cpuMs) / count) * 100) / 100,
    agentsCpuMsPerMessage: Math.round((received.cpuMs / count) * 100) / 100,
    duplicates: received.duplicates,
    lostOnSomeSocket: Array.from(receivedBy).filter((n) => n < S).length,
    lostOnEverySocket: Array.from(receivedBy).filter((n) => n === 0).length,
    latencies,
    ackServerMs,
    perMessage: Array.from({ length: count }, (_, i) => [sentAt[i], ackMs[i], firstAt[i], stamp(received.writtenAt[i]), stamp(received.emittedAt[i])]),
    reads,
    searchesByTerm,
    readFailures,
    replies: replySentAt.size,
    leadInMessages: leadInCount,
    replyLatency,
    replyConfirmedLatency,
    replyFailures,
    rss,
    settled: received.settled,
  };
  // A file, not stdout: a pipe is written asynchronously and exit() would cut a large result short.
  await writeFile(process.argv[3]!, JSON.stringify(result));
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`load generator failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
