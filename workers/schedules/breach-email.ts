import { JOBS, schedule } from "@/server/queue/jobs";

// The sweep that e-mails missed response targets (workers/jobs/breach-email.ts).

const SCHEDULER_ID = "notify-response-breaches-every-minute";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureBreachSweep(): Promise<void> {
  await schedule(SCHEDULER_ID, { every: 60_000 }, JOBS.notifyBreaches, {}, { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } });
}
