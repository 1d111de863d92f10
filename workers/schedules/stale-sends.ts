import { queue } from "@/server/queue/index";
import { JOBS, schedule } from "@/server/queue/jobs";

// The sweep of replies a stopped process left pending (workers/jobs/stale-sends.ts).

const SCHEDULER_ID = "fail-stale-sends";
/** Its id while it ran every minute: removed, so a Redis that kept it does not run both. */
const OLD_SCHEDULER_ID = "fail-stale-sends-every-minute";
/** How often (fail-stale-sends.ts says why 10 s). */
export const STALE_SEND_SWEEP_MS = 10_000;

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureStaleSendSweep(): Promise<void> {
  await queue().removeJobScheduler(OLD_SCHEDULER_ID);
  await schedule(SCHEDULER_ID, { every: STALE_SEND_SWEEP_MS }, JOBS.failStaleSends, {}, { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } });
}
