// The load benchmark's load generator, run as its own process (tests/bench/lib/load-child.ts spawns it) so
// its CPU — signing, HTTP, parsing every socket event of every agent — is not the app's or the worker's,
// and its own event-loop lag is measured apart. Reads its plan from the JSON file named by argv[2]; prints
// progress on stderr and one JSON result line on stdout. Self-contained: it imports no server code (and
// so no server environment), only the bench's HTTP and inspector helpers.
import { createHmac } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { io as connect, type Socket } from "socket.io-client";
import { keepAliveAgent, request } from "./lib/http";
import { openInspector, settledMemory, treeRssKb, type SettledMemory } from "./lib/inspector";

export type LoadPlan = {
  appUrl: string;
  appSecret: string;
  tag: string;
  rate: number;
  seconds: number;
  /** Who writes: message i comes from customers[i % length] (facebookPageId + psid). */
  customers: { facebookPageId: string; psid: string }[];
  /** Agent sockets: tokens (several users: one user may hold only 20 sockets), rooms to join. */
  sockets: { token: string; pageIds: string[]; conversationId: string | null }[];
  /** Agents reading over HTTP: list, thread, search, each every `everyMs`. */
  readers: { token: string; list: string; thread: string; search: string[] }[];
  readEveryMs: number;
  /** Agents replying through POST /api/send-message; the reply is timed to another user's socket. */
  repliers: { token: string; userIndex: number; pageId: string; conversationIds: string[] }[];
  replyEveryMs: number;
  /** Socket owners' user index, to find "another agent's" socket for a reply. */
  socketUsers: number[];
  /** Pids whose RSS (with their children) is sampled: server, worker. */
  rssPids: Record<string, number>;
  /** Seconds to wait after the last send for stragglers. */
  graceSeconds: number;
  /**
   * Also read the server's memory after garbage collection (lib/inspector.ts), at the end of the run: with
   * the sockets still connected, then after they all left. Taken after every other figure, so it changes none.
   */
  settle?: { inspectPort: number; serverNodePid: number };
};

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (line: string) => process.stderr.write(`  [load] ${line}\n`);

function body(plan: LoadPlan, i: number): string {
  const who = plan.customers[i % plan.customers.length]!;
  const ts = Date.now();
  return JSON.stringify({
    object: "page",
    entry: [{ id: who.facebookPageId, time: ts, messaging: [{ sender: { id: who.psid }, recipient: { id: who.facebookPageId }, timestamp: ts, message: { mid: `m_load_${plan.tag}_${i}`, text: `load ${plan.tag} s${i} where is my order?` } }] }],
  });
}

async function openSockets(plan: LoadPlan): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // A few at a time: the server authenticates each with a database read.
  for (let start = 0; start < plan.sockets.length; start += 25) {
    const group = plan.sockets.slice(start, start + 25);
    sockets.push(
      ...(await Promise.all(
        group.map(async (spec) => {
          const socket = connect(plan.appUrl, { auth: { token: spec.token }, transports: ["websocket"], reconnection: false, timeout: 30_000 });
          await new Promise<void>((resolve, reject) => {
            socket.once("connect", () => resolve());
            socket.once("connect_error", (e) => reject(new Error(`socket connect failed: ${e.message}`)));
          });
          for (const pageId of spec.pageIds) {
            const ack = (await socket.timeout(20_000).emitWithAck("join-page", { pageId })) as { ok: boolean; error?: string };
            if (!ack.ok) throw new Error(`join-page refused: ${ack.error}`);
          }
          if (spec.conversationId) {
            const ack = (await socket.timeout(20_000).emitWithAck("join-conversation", { room: spec.conversationId })) as { ok: boolean; error?: string };
            if (!ack.ok) throw new Error(`join-conversation refused: ${ack.error}`);
          }
          return socket;
        }),
      )),
    );
  }
  return sockets;
}

/** The server's memory after GC with the sockets connected, then once all of them left. */
async function settledServerMemory(settle: NonNullable<LoadPlan["settle"]>, treePid: number, sockets: Socket[]): Promise<{ withSockets: SettledMemory; afterTheyLeft: SettledMemory; clientsLeft: number }> {
  const inspector = await openInspector(settle.serverNodePid, settle.inspectPort);
  try {
    const withSockets = await settledMemory(inspector, treePid);
    for (const socket of sockets) socket.disconnect();
    const clients = () => inspector.evaluate<number>("globalThis.switchboardIo?.engine.clientsCount ?? -1");
    const deadline = performance.now() + 15_000;
    while ((await clients()) > 0 && performance.now() < deadline) await sleep(200);
    await sleep(1000); // the presence clean-up of the last ones
    const afterTheyLeft = await settledMemory(inspector, treePid);
    return { withSockets, afterTheyLeft, clientsLeft: await clients() };
  } finally {
    inspector.close();
  }
}

async function main() {
  const plan = JSON.parse(await readFile(process.argv[2]!, "utf8")) as LoadPlan;
  const count = plan.rate * plan.seconds;
  const rss: Record<string, { beforeSocketsKb: number; withSocketsKb: number; maxKb: number }> = {};
  for (const [name, pid] of Object.entries(plan.rssPids)) rss[name] = { beforeSocketsKb: treeRssKb(pid), withSocketsKb: 0, maxKb: 0 };

  const sockets = await openSockets(plan);
  await sleep(500);
  for (const [name, pid] of Object.entries(plan.rssPids)) rss[name]!.withSocketsKb = treeRssKb(pid);
  log(`${sockets.length} sockets connected and joined`);

  // Receipts: per message, the first socket's time and every socket's latency; stages from the payload.
  const sentAt = new Float64Array(count).fill(Number.NaN);
  const ackMs = new Float64Array(count).fill(Number.NaN);
  const ackServerMs: number[] = []; // the server's own share (Server-Timing), without this process's lag
  const firstAt = new Float64Array(count).fill(Number.NaN);
  const writtenAt = new Float64Array(count).fill(Number.NaN);
  const emittedAt = new Float64Array(count).fill(Number.NaN);
  const receivedBy = new Uint16Array(count);
  const latencies: number[] = [];
  let duplicates = 0;
  const messagePattern = new RegExp(`^load ${plan.tag} s(\\d+) `);
  const replyPattern = new RegExp(`^reply ${plan.tag} r(\\d+)$`);
  const replySentAt = new Map<number, { at: number; userIndex: number }>();
  const replyLatency: number[] = [];
  const replySeen = new Set<number>();

  sockets.forEach((socket, s) => {
    const seen = new Set<number>();
    socket.on("new-message", (payload: { message?: { message?: string }; stages?: { writtenAt: number; emittedAt: number } }) => {
      const at = wall();
      const text = payload?.message?.message ?? "";
      const m = messagePattern.exec(text);
      if (m) {
        const i = Number(m[1]);
        if (seen.has(i)) return void duplicates++;
        seen.add(i);
        receivedBy[i]!++;
        latencies.push(at - sentAt[i]!);
        if (Number.isNaN(firstAt[i]!)) {
          firstAt[i] = at;
          if (payload.stages) {
            writtenAt[i] = payload.stages.writtenAt;
            emittedAt[i] = payload.stages.emittedAt;
          }
        }
        return;
      }
      const r = replyPattern.exec(text);
      if (r) {
        const k = Number(r[1]);
        const sent = replySentAt.get(k);
        // "Another agent": the first socket of a different user to receive it.
        if (sent && plan.socketUsers[s] !== sent.userIndex && !replySeen.has(k)) {
          replySeen.add(k);
          replyLatency.push(at - sent.at);
        }
      }
    });
  });

  // Event-loop lag of this process: what it adds to every figure it measures.
  let maxLagMs = 0;
  let lagTick = performance.now();
  const lagTimer = setInterval(() => {
    const now = performance.now();
    maxLagMs = Math.max(maxLagMs, now - lagTick - 100);
    lagTick = now;
  }, 100);
  const rssTimer = setInterval(() => {
    for (const [name, pid] of Object.entries(plan.rssPids)) rss[name]!.maxKb = Math.max(rss[name]!.maxKb, treeRssKb(pid));
  }, 500);

  const webhookAgent = keepAliveAgent(64);
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

  // Open loop at the rate, as Meta sends: a slow answer never delays the next delivery.
  const started = performance.now();
  // This process's own CPU while it sends: it shares the machine's 2 cores with what it measures.
  const cpuAtStart = process.cpuUsage();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / plan.rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const raw = body(plan, i);
    sentAt[i] = wall();
    inflight.push(
      request(webhookAgent, `${plan.appUrl}/api/webhooks/messenger`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Hub-Signature-256": `sha256=${createHmac("sha256", plan.appSecret).update(raw).digest("hex")}` },
        body: raw,
      }).then(
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
  const deadline = performance.now() + plan.graceSeconds * 1000;
  const everyoneHasAll = () => receivedBy.every((n) => n >= sockets.length);
  while (!everyoneHasAll() && performance.now() < deadline) await sleep(50);
  stopReading = true;
  await readersDone;
  await sleep(300); // the last replies' events
  clearInterval(lagTimer);
  clearInterval(rssTimer);
  const settled = plan.settle ? await settledServerMemory(plan.settle, plan.rssPids.server!, sockets) : undefined;
  for (const socket of sockets) socket.disconnect();
  webhookAgent.destroy();
  readAgent.destroy();

  const result = {
    messages: count,
    sockets: sockets.length,
    failedPosts,
    postFailures,
    sendSeconds: (sendEndAt - sentAt[0]!) / 1000,
    sendEndAt,
    maxLagMs: Math.round(maxLagMs * 10) / 10,
    cpuMsPerMessage: Math.round(((cpu.user + cpu.system) / 1000 / count) * 100) / 100,
    duplicates,
    lostOnSomeSocket: Array.from(receivedBy).filter((n) => n < sockets.length).length,
    lostOnEverySocket: Array.from(receivedBy).filter((n) => n === 0).length,
    latencies,
    ackServerMs,
    perMessage: Array.from({ length: count }, (_, i) => [sentAt[i], ackMs[i], firstAt[i], writtenAt[i], emittedAt[i]]),
    reads,
    readFailures,
    replies: replyCounter,
    replyLatency,
    replyFailures,
    rss,
    settled,
  };
  // A file, not stdout: a pipe is written asynchronously and exit() would cut a large result short.
  await writeFile(process.argv[3]!, JSON.stringify(result));
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`load generator failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
