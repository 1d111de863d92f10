import type { Worker } from "bullmq";
import type { Redis } from "ioredis";
import { exitWithError } from "@/server/lifecycle/exit";
import { setPart } from "@/server/lifecycle/parts";

// The worker's parts in its readiness (server/lifecycle/parts.ts, issue 30): the job runner, down while its
// Redis connection is lost, and ending the process if it closes without being told to (the supervisor then
// starts a new worker rather than one that answers /ready and runs no job); the webhook drain, down while
// its wake-up subscription is lost (it still polls, every WEBHOOK_POLL_MS, so deliveries are late, not lost).

export const JOB_RUNNER_PART = "jobRunner";
export const WEBHOOK_DRAIN_PART = "webhookDrain";

/** Watches the BullMQ worker and its connection; returns what to call before closing it on purpose. */
export function watchJobRunner(worker: Worker, connection: Redis, giveUp: (line: string) => void = exitWithError): { stopping: () => void } {
  let stopping = false;
  setPart(JOB_RUNNER_PART, connection.status === "ready" ? "ok" : "down");
  connection.on("ready", () => setPart(JOB_RUNNER_PART, "ok"));
  connection.on("close", () => setPart(JOB_RUNNER_PART, "down"));
  worker.on("closed", () => {
    setPart(JOB_RUNNER_PART, "down");
    if (!stopping) giveUp("the job runner closed without being told to; exiting so that the worker is restarted");
  });
  return { stopping: () => void (stopping = true) };
}

/** The drain's wake-up subscription: its connection ready (ioredis subscribes again by itself) or lost. */
export function watchWakeUps(subscriber: Redis): void {
  setPart(WEBHOOK_DRAIN_PART, subscriber.status === "ready" ? "ok" : "down");
  subscriber.on("ready", () => setPart(WEBHOOK_DRAIN_PART, "ok"));
  subscriber.on("close", () => setPart(WEBHOOK_DRAIN_PART, "down"));
}
