import { queue } from "@/server/queue/index";

// The hourly retention of processed webhook deliveries (workers/jobs/webhook-retention.ts).

export const PRUNE_WEBHOOK_EVENTS_JOB = "prune-webhook-events";
const PRUNE_SCHEDULER_ID = "prune-webhook-events-hourly";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureWebhookRetention(): Promise<void> {
  await queue().upsertJobScheduler(PRUNE_SCHEDULER_ID, { pattern: "23 * * * *", tz: "UTC" }, { name: PRUNE_WEBHOOK_EVENTS_JOB, data: {}, opts: { removeOnComplete: { count: 48 }, removeOnFail: { count: 48 } } });
}
