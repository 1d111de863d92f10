import { queue } from "@/server/queue/index";

// The hourly retention of unused uploads (workers/jobs/upload-retention.ts).

export const PRUNE_UPLOADS_JOB = "prune-unused-uploads";
const SCHEDULER_ID = "prune-unused-uploads-hourly";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureUploadRetention(): Promise<void> {
  await queue().upsertJobScheduler(SCHEDULER_ID, { pattern: "41 * * * *", tz: "UTC" }, { name: PRUNE_UPLOADS_JOB, data: {}, opts: { removeOnComplete: { count: 48 }, removeOnFail: { count: 48 } } });
}
