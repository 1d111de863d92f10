import { queue } from "@/server/queue/index";

// The daily retention of the audit log (workers/jobs/audit-retention.ts).

export const PRUNE_AUDIT_JOB = "prune-audit-entries";
const SCHEDULER_ID = "prune-audit-entries-daily";

/** Idempotent; the worker calls it on start. One scheduler however many workers run. */
export async function ensureAuditRetention(): Promise<void> {
  await queue().upsertJobScheduler(SCHEDULER_ID, { pattern: "17 3 * * *", tz: "UTC" }, { name: PRUNE_AUDIT_JOB, data: {}, opts: { removeOnComplete: { count: 14 }, removeOnFail: { count: 14 } } });
}
