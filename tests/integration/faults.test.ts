import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("a bad day", () => {
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
    expect(figures).toMatchObject({ lost: 0, duplicated: 0, unacknowledged: 0, pendingDeliveries: 0 });
    expect(recovery).not.toBeNull();
    expect(recovery!).toBeLessThanOrEqual(15);
    expect(await readiness()).toMatchObject({ status: "ready", db: "ok" });
  });
});
