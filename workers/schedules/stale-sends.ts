import { queue } from "@/server/queue/index";

// The sweep of replies a stopped process left pending (workers/jobs/stale-sends.ts).

export const FAIL_STALE_SENDS_JOB = "fail-stale-sends";
const SCHEDULER_ID = "fail-stale-sends-every-minute";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureStaleSendSweep(): Promise<void> {
  await queue().upsertJobScheduler(SCHEDULER_ID, { every: 60_000 }, { name: FAIL_STALE_SENDS_JOB, data: {}, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } } });
}
