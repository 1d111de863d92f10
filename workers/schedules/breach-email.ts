import { queue } from "@/server/queue/index";

// The sweep that e-mails missed response targets (workers/jobs/breach-email.ts).

export const NOTIFY_BREACHES_JOB = "notify-response-breaches";
const SCHEDULER_ID = "notify-response-breaches-every-minute";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureBreachSweep(): Promise<void> {
  await queue().upsertJobScheduler(SCHEDULER_ID, { every: 60_000 }, { name: NOTIFY_BREACHES_JOB, data: {}, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } } });
}
