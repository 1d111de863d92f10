import { pruneAuditEntries } from "@/workers/audit/prune-audit-entries";
import { defineRetentionJob } from "@/workers/jobs/retention";
import { JOBS } from "@/server/queue/jobs";

/** The audit log keeps a year (docs/PRODUCT.md §13.5): a fixed rule, not a setting. 366 covers a leap year. */
const AUDIT_RETENTION_DAYS = 366;

/** Daily (workers/schedules/audit.ts): audit entries older than a year go. */
export const pruneAuditJob = defineRetentionJob(JOBS.pruneAudit, () => AUDIT_RETENTION_DAYS, pruneAuditEntries);
