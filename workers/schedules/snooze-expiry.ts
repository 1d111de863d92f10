import { queue } from "@/server/queue/index";

// The sweep that ends snoozes at their time (workers/jobs/snooze-expiry.ts).

export const WAKE_SNOOZED_JOB = "wake-snoozed";
const SCHEDULER_ID = "wake-snoozed-every-minute";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureSnoozeSweep(): Promise<void> {
  await queue().upsertJobScheduler(SCHEDULER_ID, { every: 60_000 }, { name: WAKE_SNOOZED_JOB, data: {}, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } } });
}
