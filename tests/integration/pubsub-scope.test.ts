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
  await eventually(() => heard.length, (n) => n >= 3, 5_000);
  expect(heard.length).toBeGreaterThanOrEqual(3);
  for (const channel of heard) expect(channel).toMatch(new RegExp(`^(socket\\.io:${database}#|switchboard:webhook-events:${database}$)`));
  expect(heard.some((c) => c.startsWith(`switchboard:webhook-events:`))).toBe(true);
  expect(heard.filter((c) => c.startsWith(`socket.io:${database}#`)).length).toBeGreaterThanOrEqual(2);
});
