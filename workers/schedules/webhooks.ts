import { JOBS, schedule } from "@/server/queue/jobs";

// The hourly retention of processed webhook deliveries (workers/jobs/webhook-retention.ts).

const PRUNE_SCHEDULER_ID = "prune-webhook-events-hourly";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureWebhookRetention(): Promise<void> {
  await schedule(PRUNE_SCHEDULER_ID, { pattern: "23 * * * *", tz: "UTC" }, JOBS.pruneWebhookEvents, {}, { removeOnComplete: { count: 48 }, removeOnFail: { count: 48 } });
}
