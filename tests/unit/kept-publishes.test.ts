import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Redis } from "ioredis";
import { keptPublisher } from "@/server/realtime/kept-publishes";

// The worker's publishes that reach no app server around a Redis restart are kept and sent again
// (server/realtime/kept-publishes.ts). Redis here is a stand-in that answers PUBLISH as told.

class FakeRedis extends EventEmitter {
  up = true;
  subscribers = 1;
  delivered: string[] = [];
  publish(channel: string, message: Buffer): Promise<number> {
    if (!this.up) return Promise.reject(new Error("Connection is closed."));
    if (this.subscribers) this.delivered.push(message.toString());
    return Promise.resolve(this.subscribers);
  }
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("kept publishes", () => {
  let redis: FakeRedis;
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    redis = new FakeRedis();
  });
  afterEach(() => vi.useRealTimers());

  it("sends again what failed while Redis was away, once it is back", async () => {
    const kept = keptPublisher(redis as unknown as Redis);
    redis.up = false;
    redis.emit("close");
    await kept.publish("c", Buffer.from("a"));
    redis.up = true;
    kept.reconnected();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(redis.delivered).toEqual(["a"]);
  });

  it("keeps what reached nobody just after Redis came back, until an app server subscribed again", async () => {
    const kept = keptPublisher(redis as unknown as Redis);
    redis.emit("close");
    // ioredis sends its offline queue on reconnect, before anyone said Redis is back: nobody listens yet.
    redis.subscribers = 0;
    await kept.publish("c", Buffer.from("from the offline queue"));
    kept.reconnected();
    await kept.publish("c", Buffer.from("live, too early"));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(redis.delivered).toEqual([]);
    redis.subscribers = 1;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(redis.delivered).toEqual(["from the offline queue", "live, too early"]);
  });

  it("keeps nothing in calm times, nor long after a restart: no subscriber then means no app server", async () => {
    const kept = keptPublisher(redis as unknown as Redis);
    redis.subscribers = 0;
    await kept.publish("c", Buffer.from("calm"));
    redis.emit("close");
    kept.reconnected();
    await vi.advanceTimersByTimeAsync(31_000);
    await kept.publish("c", Buffer.from("late"));
    redis.subscribers = 1;
    await vi.advanceTimersByTimeAsync(5_000);
    await flush();
    expect(redis.delivered).toEqual([]);
  });
});
