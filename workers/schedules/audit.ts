import { JOBS, schedule } from "@/server/queue/jobs";

// The daily retention of the audit log (workers/jobs/audit-retention.ts).

const SCHEDULER_ID = "prune-audit-entries-daily";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureAuditRetention(): Promise<void> {
  await schedule(SCHEDULER_ID, { pattern: "17 3 * * *", tz: "UTC" }, JOBS.pruneAudit, {}, { removeOnComplete: { count: 14 }, removeOnFail: { count: 14 } });
}
