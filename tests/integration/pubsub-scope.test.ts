import { afterAll, beforeAll, expect, it } from "vitest";
import { Redis } from "ioredis";
import { announceResync, publishToRooms } from "@/server/realtime/emit";
import { wakeWorker } from "@/server/services/inbound/webhook-wake";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { eventually } from "./support/channel";

// Pub/sub ignores the Redis db number: everything this deployment publishes must be on channels named for
// its database, or two environments on one Redis (two test workers, a developer and the bench) hear each
// other's broadcasts, resyncs and wake-ups (server/redis.ts, pubSubScope).

let listener: Redis;
const heard: string[] = [];
const database = new URL(process.env.DATABASE_URL!).pathname.slice(1);

beforeAll(async () => {
  listener = new Redis(process.env.REDIS_URL!);
  listener.on("pmessage", (_pattern, channel) => heard.push(channel));
  await listener.psubscribe("*");
});

afterAll(() => listener.disconnect());

it("the realtime broadcasts and the worker's wake-up go out on this database's channels only", async () => {
  heard.length = 0;
  announceResync("worker-started");
  publishToRooms(["page:p1"], SERVER_EVENTS.resync, { reason: "worker-started" });
  wakeWorker();
  const ours = () => heard.filter((c) => c === `switchboard:webhook-events:${database}` || c.startsWith(`socket.io:${database}#`)).length;
  await eventually(ours, (n) => n >= 3, 5_000);
  // Other test workers publish on this Redis meanwhile, each on its own database's channels: every channel
  // heard is named for some database, and this process's three went out on this one's.
  for (const channel of heard) expect(channel).toMatch(/^(socket\.io:[\w-]+#|switchboard:webhook-events:[\w-]+$)/);
  expect(heard).toContain(`switchboard:webhook-events:${database}`);
  expect(heard.filter((c) => c.startsWith(`socket.io:${database}#`)).length).toBeGreaterThanOrEqual(2);
});
