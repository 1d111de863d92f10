import { JOBS, schedule } from "@/server/queue/jobs";

// The sweep that ends snoozes at their time (workers/jobs/snooze-expiry.ts).

const SCHEDULER_ID = "wake-snoozed-every-minute";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureSnoozeSweep(): Promise<void> {
  await schedule(SCHEDULER_ID, { every: 60_000 }, JOBS.wakeSnoozed, {}, { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } });
}
