import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Queue } from "bullmq";
import { startFaultWorld, type FaultWorld } from "../faults/world";
import { eventually } from "./support/channel";
import { countInbound, drained, openAgentSocket, recoverySeconds, startCustomerStream, type AgentSocket } from "../faults/traffic";

// A bad day, short (issue 30; the long run with every fault is `npm run bench -- faults`, tests/bench/faults.ts):
// real app and worker processes on a Postgres and a Redis of their own, a steady stream of signed customer
// deliveries retried as Meta retries them and an agent's socket; one fault at a time, then the figures:
// nothing acknowledged lost or stored twice, the processes still up, customers' messages at the agent's
// socket again soon after the dependency is back.

let world: FaultWorld;
let socket: AgentSocket;

beforeAll(async () => {
  world = await startFaultWorld({ pages: 3, customersPerPage: 10 });
  socket = openAgentSocket(world);
  await socket.joined;
}, 240_000);

afterAll(async () => {
  socket?.close();
  await world?.close();
}, 30_000);

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

describe("a bad day", () => {
  it("Redis restarted empty: nothing lost or doubled, messages reach the socket again, the job schedulers are back", { timeout: 60_000 }, async () => {
    const before = await eventually(schedulerIds, (ids) => ids.length >= 5, 10_000);
    expect(before).toContain("fail-stale-sends");
    const stream = startCustomerStream(world, 20, "redis");
    await eventually(() => socket.live.size, (n) => n > 0, 10_000);
    await new Promise((r) => setTimeout(r, 1_000));
    await world.redis.restart(1_000);
    const back = Date.now();

    // A Redis without a volume comes back with no keys: the worker writes its schedulers again (workers/schedules/index.ts).
    const after = await eventually(schedulerIds, (ids) => before.every((id) => ids.includes(id)), 15_000);
    const schedulersBack = (Date.now() - back) / 1000;
    expect(after).toEqual(expect.arrayContaining(before));

    const recovery = await recoverySeconds(stream, socket, back);
    await stream.stop();
    expect(await drained(world)).toBe(true);
    const figures = await countInbound(world, stream, socket);
    console.info(`[faults] Redis restart: ${JSON.stringify({ ...figures, recovery, schedulersBack, resyncs: socket.resyncs() })}`);
    expect(alive(), world.logs().slice(-3000)).toEqual({ app: null, worker: null });
    // The socket stayed connected through the outage, so it was told to refetch (server/realtime/resync.ts).
    expect(socket.resyncs()).toBeGreaterThan(0);
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, unacknowledged: 0, pendingDeliveries: 0, unseen: 0 });
    expect(recovery).not.toBeNull();
    expect(recovery!).toBeLessThanOrEqual(15);
    expect(await readiness()).toMatchObject({ status: "ready", redis: "ok" });
  });

  it("Postgres restarted: the app, its webhook thread and the worker stay up, recover by themselves, lose and double nothing", { timeout: 60_000 }, async () => {
    const stream = startCustomerStream(world, 20, "pg");
    await eventually(() => socket.live.size, (n) => n > 0, 10_000);
    await new Promise((r) => setTimeout(r, 1_000));
    await world.pg.stop();
    await new Promise((r) => setTimeout(r, 1_500));
    // While it is down, readiness says so (and what).
    expect(await readiness()).toMatchObject({ status: "not_ready", db: "down" });
    await world.pg.start();
    const back = Date.now();

    const recovery = await recoverySeconds(stream, socket, back);
    await stream.stop();
    expect(await drained(world)).toBe(true);
    const figures = await countInbound(world, stream, socket);
    console.info(`[faults] Postgres restart: ${JSON.stringify({ ...figures, recovery })}`);
    expect(alive(), world.logs().slice(-3000)).toEqual({ app: null, worker: null });
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, unacknowledged: 0, pendingDeliveries: 0, unseen: 0 });
    expect(recovery).not.toBeNull();
    expect(recovery!).toBeLessThanOrEqual(15);
    expect(await readiness()).toMatchObject({ status: "ready", db: "ok" });
  });
});
