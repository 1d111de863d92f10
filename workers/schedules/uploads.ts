import { JOBS, schedule } from "@/server/queue/jobs";

// The hourly retention of unused uploads (workers/jobs/upload-retention.ts).

const SCHEDULER_ID = "prune-unused-uploads-hourly";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureUploadRetention(): Promise<void> {
  await schedule(SCHEDULER_ID, { pattern: "41 * * * *", tz: "UTC" }, JOBS.pruneUploads, {}, { removeOnComplete: { count: 48 }, removeOnFail: { count: 48 } });
}
