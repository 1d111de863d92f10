import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The app's wake-ups to the webhook worker (server/services/inbound/webhook-wake.ts): coalesced, but a
// delivery stored inside the window is always followed by a wake-up. Fake clock and a fake Redis.

const published: { channel: string; at: number }[] = [];
vi.mock("@/server/redis", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/server/redis")>()),
  redis: () => ({ publish: async (channel: string) => void published.push({ channel, at: Date.now() }) }),
}));
vi.mock("@/server/env", () => ({ env: () => ({ DATABASE_URL: "postgresql://x@127.0.0.1:5432/switchboard_demo" }) }));

const { wakeWorker } = await import("@/server/services/inbound/webhook-wake");

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  published.length = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe("webhook wake-ups", () => {
  it("wakes at once after a quiet moment, on the channel of the database the rows are in", () => {
    wakeWorker();
    expect(published).toEqual([{ channel: "switchboard:webhook-events:switchboard_demo", at: 1_000_000 }]);
  });

  it("shares one trailing wake-up among the deliveries of a burst, sent after the last of them", () => {
    vi.advanceTimersByTime(60_000);
    const start = Date.now();
    wakeWorker(); // leading edge
    vi.advanceTimersByTime(3);
    wakeWorker();
    vi.advanceTimersByTime(4);
    wakeWorker();
    expect(published.map((p) => p.at - start)).toEqual([0]);
    vi.advanceTimersByTime(10);
    expect(published.map((p) => p.at - start)).toEqual([0, 10]);
    vi.advanceTimersByTime(100);
    expect(published).toHaveLength(2);
  });
});
