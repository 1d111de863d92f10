import { describe, expect, it } from "vitest";
import { createKeyedQueue } from "@/server/concurrency/in-order";

// The ingest's per-customer ordering (server/concurrency/in-order.ts), driven by hand-resolved steps.

function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("keyed queue", () => {
  it("runs one key's steps in the order queued, even when the first is the slow one", async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const slow = gate();
    const first = queue.run("maya", async () => {
      await slow.opened;
      log.push("maya 1");
    });
    const second = queue.run("maya", async () => void log.push("maya 2"));
    await flush();
    expect(log).toEqual([]);
    slow.open();
    await Promise.all([first, second]);
    expect(log).toEqual(["maya 1", "maya 2"]);
  });

  it("does not make other keys wait", async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const slow = gate();
    const held = queue.run("maya", async () => {
      await slow.opened;
      log.push("maya");
    });
    await queue.run("tom", async () => void log.push("tom"));
    expect(log).toEqual(["tom"]);
    slow.open();
    await held;
    expect(log).toEqual(["tom", "maya"]);
  });

  it("goes on after a failed step, gives each caller its own result, and forgets idle keys", async () => {
    const queue = createKeyedQueue();
    const failed = queue.run("maya", async () => {
      throw new Error("boom");
    });
    const next = queue.run("maya", async () => "stored");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("stored");
    await flush();
    expect(queue.size).toBe(0);
  });
});
