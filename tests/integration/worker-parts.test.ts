import { describe, expect, it } from "vitest";
import { Worker } from "bullmq";
import { createRedis } from "@/server/redis";
import { partStates } from "@/server/lifecycle/parts";
import { JOB_RUNNER_PART, WEBHOOK_DRAIN_PART, watchJobRunner, watchWakeUps } from "@/workers/parts";
import { startWebhookDrain } from "@/workers/inbound/drain";
import { eventually } from "./support/channel";

// The worker's readiness lists its job runner and its webhook drain (issue 30: "covers every listener and
// thread the process runs"), and a job runner that closes by itself ends the process.

function runnerOn(queue: string) {
  const connection = createRedis({ maxRetriesPerRequest: null });
  const worker = new Worker(queue, async () => undefined, { connection, autorun: true });
  return { worker, connection };
}

describe("the worker's parts in its readiness", () => {
  it("the job runner is ok while its Redis connection is, down when it is lost, and closing by itself gives up", async () => {
    const { worker, connection } = runnerOn(`parts-${Date.now()}`);
    const gaveUp: string[] = [];
    watchJobRunner(worker, connection, (line) => void gaveUp.push(line));
    await worker.waitUntilReady();
    expect(await eventually(() => partStates()[JOB_RUNNER_PART], (s) => s === "ok")).toBe("ok");

    connection.disconnect(); // as when Redis goes away
    expect(await eventually(() => partStates()[JOB_RUNNER_PART], (s) => s === "down")).toBe("down");
    await worker.close(true);
    expect(gaveUp).toEqual(["the job runner closed without being told to; exiting so that the worker is restarted"]);
  });

  it("a job runner closed on purpose (a stop signal) does not give up", async () => {
    const { worker, connection } = runnerOn(`parts-stop-${Date.now()}`);
    const gaveUp: string[] = [];
    const runner = watchJobRunner(worker, connection, (line) => void gaveUp.push(line));
    await worker.waitUntilReady();
    runner.stopping();
    await worker.close();
    connection.disconnect();
    expect(gaveUp).toEqual([]);
    expect(partStates()[JOB_RUNNER_PART]).toBe("down");
  });

  it("the webhook drain is ok once its wake-up subscription is, down when it is lost", async () => {
    const drain = startWebhookDrain({ onSubscriber: watchWakeUps, log: () => {}, pollMs: 3_600_000 });
    try {
      await drain.subscribed;
      expect(await eventually(() => partStates()[WEBHOOK_DRAIN_PART], (s) => s === "ok")).toBe("ok");
    } finally {
      await drain.stop();
    }
    expect(await eventually(() => partStates()[WEBHOOK_DRAIN_PART], (s) => s === "down")).toBe("down");
  });
});
