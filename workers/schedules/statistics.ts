import { env } from "@/server/env";
import { queue } from "@/server/queue/index";

// The statistics keeper (workers/jobs/keep-statistics.ts): runs when the worker starts, then every 5 minutes.

export const KEEP_STATISTICS_JOB = "keep-statistics";
const SCHEDULER_ID = "keep-statistics";
const EVERY_MS = 5 * 60_000;

/** Idempotent; the worker calls it on start. One scheduler however many workers run; none with KEEP_PLANNER_STATISTICS=false. */
export async function ensureStatisticsKeeper(): Promise<void> {
  if (!env().KEEP_PLANNER_STATISTICS) return void (await queue().removeJobScheduler(SCHEDULER_ID));
  await queue().upsertJobScheduler(SCHEDULER_ID, { every: EVERY_MS }, { name: KEEP_STATISTICS_JOB, data: {}, opts: { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } } });
}
