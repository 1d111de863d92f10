import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Queue } from "bullmq";
import { startFaultWorld, type FaultWorld } from "../faults/world";
import { eventually } from "./support/channel";
import { countInbound, drained, moveAgentSocket, openAgentSocket, recoverySeconds, startCustomerStream, type AgentSocket, type CustomerStream } from "../faults/traffic";
import { countReplies, injectSendErrors, replyTargets, retryFailed, sendReply, slowSendApi } from "../faults/replies";

// A bad day (issue 30): real app and worker processes on a Postgres and a Redis of their own, a steady
// stream of signed customer deliveries retried as Meta retries them, an agent's socket and agent replies;
// one fault at a time, then the figures: nothing acknowledged lost or stored twice, no reply doubled,
// stuck or removed, the processes still up, customers' messages at the agent's socket again soon after the
// dependency is back — every one of them as an event (live, or brought by a catch-up of the Page's feed),
// not only in a refetch. This is the short run of `npm test`; `npm run faults` runs it long (FAULTS_LONG=1:
// twice the traffic, outages of several seconds, more replies). Both run every fault, the app SIGKILL too. docs/OPERATIONS.md says what each fault
// looks like to ops.

const LONG = process.env.FAULTS_LONG === "1";
/** Customer messages a second during each fault, and how long a dependency stays away. */
const RATE = LONG ? 40 : 20;
const DOWN_MS = LONG ? 5_000 : 1_000;
const REPLIES_PER_PHASE = LONG ? 8 : 3;

let world: FaultWorld;
let socket: AgentSocket;

beforeAll(async () => {
  // A Send API call unanswered for 1.5 s counts as a timeout (GRAPH_TIMEOUT_MS, 15 s in production).
  world = await startFaultWorld({ pages: 3, customersPerPage: 10, env: { GRAPH_TIMEOUT_MS: "1500" } });
  socket = openAgentSocket(world);
  await socket.joined;
}, 240_000);

afterAll(async () => {
  socket?.close();
  await world?.close();
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = () => ({ app: world.app.child.exitCode, worker: world.worker.child.exitCode });
const readiness = async () => (await fetch(`${world.app.url}/api/health/ready`).then((r) => r.json(), () => null)) as Record<string, unknown> | null;

/** The ids of the job schedulers in the world's Redis now (a fresh connection each time: Redis may have just restarted). */
async function schedulerIds(): Promise<string[]> {
  const queue = new Queue(world.queueName, { connection: { host: "127.0.0.1", port: world.redis.port, maxRetriesPerRequest: 1, retryStrategy: () => null } });
  queue.on("error", () => {});
  try {
    return (await queue.getJobSchedulers()).map((s) => s.key).sort();
  } catch {
    return [];
  } finally {
    await queue.close().catch(() => {});
  }
}

/** A customer stream running with messages already reaching the socket. */
async function streaming(tag: string): Promise<CustomerStream> {
  const stream = startCustomerStream(world, RATE, tag);
  const seen = socket.live.size;
  await eventually(() => socket.live.size, (n) => n > seen, 10_000);
  await sleep(1_000);
  return stream;
}

/** After the fault: the stream stopped and drained, the figures printed and checked. */
async function settle(name: string, stream: CustomerStream, back: number, extra: () => Record<string, unknown> = () => ({})) {
  const recovery = await recoverySeconds(stream, socket, back);
  await stream.stop();
  expect(await drained(world)).toBe(true);
  // Drained means the last messages are committed; their events reach the socket a moment later (through
  // Redis and the app), and Meta's echo of a reply in flight may arrive after the stream stopped. Counted
  // at once, the last message was "unseen" while on its way, or the echo "pending" (both seen in CI).
  const figures = await eventually(() => countInbound(world, stream, socket), (f) => f.unseen === 0 && f.missedLive === 0 && f.pendingDeliveries === 0, 5_000);
  console.info(`[faults] ${name}: ${JSON.stringify({ ...figures, recovery, ...extra() })}`);
  if (figures.unseen) {
    // What to look at: when the socket refetched, and when the unseen messages were acknowledged and stored.
    const unseen = [...stream.deliveries.values()].filter((d) => d.ackedAt !== null && !socket.live.has(d.mid) && !socket.refetched.has(d.mid)).slice(0, 3);
    const stored = await world.db.message.findMany({ where: { mid: { in: unseen.map((d) => d.mid) } }, select: { mid: true, createdAt: true } });
    console.info(`[faults] ${name}, unseen: ${JSON.stringify({ back, refetches: socket.refetches.slice(-3), unseen, stored })}`);
  }
  if (figures.missedLive) {
    // What to look at: when the missed messages were sent and stored, against when the dependency came back.
    const missed = [...stream.deliveries.values()].filter((d) => d.ackedAt !== null && !socket.live.has(d.mid));
    const stored = await world.db.message.findMany({ where: { mid: { in: missed.map((d) => d.mid) } }, select: { mid: true, createdAt: true } });
    const at = (t: number | Date | null) => (t === null ? null : +t - back);
    const rows = missed.map((d) => [d.mid, at(d.firstSentAt), at(d.ackedAt), d.attempts, at(stored.find((s) => s.mid === d.mid)?.createdAt ?? null)]);
    console.info(`[faults] ${name}, missed live (mid, sent, acked, attempts, stored; ms after back): ${JSON.stringify(rows.slice(0, 12))} catch-ups ${JSON.stringify(socket.catchUps())}`);
    const around = socket.arrivals.filter((a) => Math.abs(a.at - back) < 2_500).map((a) => [a.at - back, a.mid, a.feed, a.verdict]);
    console.info(`[faults] ${name}, new-messages around the fault (ms after back, mid, epoch:seq, verdict): ${JSON.stringify(around)}`);
  }
  expect(alive(), world.logs().slice(-3000)).toEqual({ app: null, worker: null });
  // missedLive: stored but never on the agent's socket as an event (issue 41): every Page's feed is numbered,
  // so a socket catches up on what it missed (a reconnect, a lost publish) instead of only refetching it.
  expect(figures).toMatchObject({ lost: 0, duplicated: 0, unacknowledged: 0, pendingDeliveries: 0, unseen: 0, missedLive: 0, staleSummaries: 0 });
  expect(recovery).not.toBeNull();
  expect(recovery!).toBeLessThanOrEqual(15);
  return figures;
}

describe("a bad day", () => {
  it("Redis restarted empty: nothing lost or doubled, messages reach the socket again, the job schedulers are back", { timeout: 60_000 }, async () => {
    const before = await eventually(schedulerIds, (ids) => ids.length >= 5, 10_000);
    expect(before).toContain("fail-stale-sends");
    const stream = await streaming("redis");
    await world.redis.restart(DOWN_MS);
    const back = Date.now();

    // A Redis without a volume comes back with no keys: the worker writes its schedulers again (workers/schedules/index.ts).
    const after = await eventually(schedulerIds, (ids) => before.every((id) => ids.includes(id)), 15_000);
    const schedulersBack = (Date.now() - back) / 1000;
    expect(after).toEqual(expect.arrayContaining(before));

    await settle("Redis restart", stream, back, () => ({ schedulersBack, resyncs: socket.resyncs() }));
    // The socket stayed connected through the outage, so it was told to refetch (server/realtime/resync.ts).
    expect(socket.resyncs()).toBeGreaterThan(0);
    expect(await readiness()).toMatchObject({ status: "ready", redis: "ok" });
  });

  it("Postgres restarted: the app, its webhook thread and the worker stay up, recover by themselves, lose and double nothing", { timeout: 60_000 }, async () => {
    const stream = await streaming("pg");
    await world.pg.stop();
    await sleep(Math.max(DOWN_MS, 1_500));
    // While it is down, readiness says so (and what).
    expect(await readiness()).toMatchObject({ status: "not_ready", db: "down" });
    await world.pg.start();
    await settle("Postgres restart", stream, Date.now());
    expect(await readiness()).toMatchObject({ status: "ready", db: "ok" });
  });

  it("the worker killed with SIGKILL mid-batch: its batch is taken again, nothing lost or stored twice", { timeout: 60_000 }, async () => {
    const stream = await streaming("worker");
    // Killed while deliveries wait for it (stored, not yet processed: the drain has them or is about to).
    const pendingAtKill = await eventually(() => world.db.webhookEvent.count({ where: { processedAt: null } }), (n) => n > 0, 3_000);
    await world.killWorker();
    await sleep(DOWN_MS);
    // Recovery counts from when the new worker is ready (what its supervisor controls); its boot apart.
    const spawned = Date.now();
    await world.startWorker();
    const back = Date.now();
    await settle("worker SIGKILL", stream, back, () => ({ pendingAtKill, bootSeconds: (back - spawned) / 1000 }));
  });

  // The app's boot under tsx takes 5–20 s on a loaded 2-core machine and the reply Meta never took fails
  // only by the stale-send sweep (30 s, swept every 10 s): the longest scenario, in npm test since its
  // files run two at a time.
  it("the app killed with SIGKILL mid-burst and mid-reply: Meta's retries reach the new one, the socket reconnects and refetches, no reply stuck", { timeout: 150_000 }, async () => {
    const stream = await streaming("app");
    // Two replies whose Send API calls are running when the app dies: Meta carries out the first (its echo
    // reaches the new app and makes it sent); the second it never takes (the stale-send sweep fails it).
    const targets = await replyTargets(world, 2);
    const texts = ["reply in flight 0", "reply in flight 1"];
    slowSendApi(world, 3_000);
    await fetch(`${world.sim.url}/sim/lose-answers`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ psid: targets[1]!.psid, when: "before-send" }) });
    const since = world.sim.state.graphRequests.at(-1)?.at ?? 0;
    const sendCalls = () => world.sim.state.graphRequests.filter((r) => r.at > since && r.method === "POST" && r.path.endsWith("/messages")).length;
    void sendReply(world, targets[0]!, texts[0]!);
    void sendReply(world, targets[1]!, texts[1]!);
    // Killed once both calls reached Meta (and wait there), not before the app made them.
    expect(await eventually(sendCalls, (n) => n >= 2, 10_000)).toBe(2);
    await world.killApp();
    await sleep(DOWN_MS);
    const spawned = Date.now();
    await world.startApp().finally(() => slowSendApi(world, 0));
    const back = Date.now();
    // The browser reaches the new app at the same address; here it has new ports.
    socket = moveAgentSocket(world, socket);
    await socket.joined;
    await settle("app SIGKILL", stream, back, () => ({ bootSeconds: (back - spawned) / 1000 }));

    const replies = await eventually(() => countReplies(world, texts), (f) => f.stuck === 0, 50_000);
    const settledSeconds = (Date.now() - back) / 1000;
    console.info(`[faults] app SIGKILL, replies in flight: ${JSON.stringify({ ...replies, settledSeconds })}`);
    expect(replies).toMatchObject({ replies: 2, sent: 1, failed: 1, stuck: 0, removed: 0, duplicated: 0, deliveredButFailed: 0, sentButNotDelivered: 0 });
    expect(await retryFailed(world, texts)).toBe(1);
    expect(await eventually(() => countReplies(world, texts), (f) => f.sent === 2, 10_000)).toMatchObject({ sent: 2, duplicated: 0 });
  });

  it("the Send API failing (500, then 429/613, then timeouts): every reply reaches the customer once, none stuck or removed", { timeout: 60_000 }, async () => {
    const targets = await replyTargets(world, REPLIES_PER_PHASE * 3 + 1);
    expect(targets.length).toBe(REPLIES_PER_PHASE * 3 + 1);
    const texts: string[] = [];
    let n = 0;
    // Each phase's replies go out together, as several agents would send them.
    const phase = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () => {
          const text = `reply under faults ${n}`;
          texts.push(text);
          return sendReply(world, targets[n++]!, text);
        }),
      );
    // Meta's 500 (code 2, transient) for two thirds of the calls: some replies fail even after one retry.
    await injectSendErrors(world, { code: 2, count: REPLIES_PER_PHASE * 2 - 1 });
    await phase(REPLIES_PER_PHASE);
    // Rate limits: (#613) and an HTTP 429.
    await injectSendErrors(world, { code: 613, count: REPLIES_PER_PHASE });
    await injectSendErrors(world, { code: 4, httpStatus: 429, count: REPLIES_PER_PHASE - 1 });
    await phase(REPLIES_PER_PHASE);
    // No answer in time: Meta sends them (and echoes them) after the app stopped waiting.
    slowSendApi(world, 2_500);
    await phase(REPLIES_PER_PHASE);
    slowSendApi(world, 0);
    await fetch(`${world.sim.url}/sim/errors`, { method: "DELETE" });
    const back = Date.now();
    await phase(1);
    const recovery = (Date.now() - back) / 1000;

    // The unanswered ones are settled by their echoes; nothing stays "Sending".
    const during = await eventually(() => countReplies(world, texts), (f) => f.stuck === 0, 15_000);
    console.info(`[faults] Send API failing: ${JSON.stringify({ ...during, recovery })}`);
    expect(during).toMatchObject({ replies: texts.length, removed: 0, duplicated: 0, deliveredButFailed: 0, sentButNotDelivered: 0, stuck: 0 });
    expect(during.sent + during.failed).toBe(texts.length);
    expect(during.failed).toBeGreaterThan(0);

    // The agent's Retry under each failed one: every reply then reached the customer exactly once.
    const retried = await retryFailed(world, texts);
    const after = await eventually(() => countReplies(world, texts), (f) => f.sent === texts.length, 10_000);
    console.info(`[faults] Send API failing, after Retry: ${JSON.stringify({ ...after, retried })}`);
    expect(after).toMatchObject({ sent: texts.length, failed: 0, stuck: 0, removed: 0, duplicated: 0, sentButNotDelivered: 0 });
    expect(recovery).toBeLessThanOrEqual(15);
    expect(alive()).toEqual({ app: null, worker: null });
  });
});
