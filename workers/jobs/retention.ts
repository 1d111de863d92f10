import { DAY_MS } from "@/lib/contract/messaging-window";
import { defineJob } from "@/workers/jobs/types";
import type { JOBS } from "@/server/queue/jobs";

/** The retentions: jobs without a payload. */
type RetentionJob = (typeof JOBS)["pruneAudit" | "pruneUploads" | "pruneWebhookEvents"];

/**
 * An hourly clean-up: rows older than `days()` days go (read from the environment on every run, so a
 * changed setting applies without a restart). `prune` deletes what is older than the cutoff and says how many.
 */
export function defineRetentionJob(job: RetentionJob, days: () => number, prune: (cutoff: Date) => Promise<number>) {
  return defineJob({
    ...job,
    async handle() {
      const cutoff = new Date(Date.now() - days() * DAY_MS);
      return { deleted: await prune(cutoff), before: cutoff.toISOString() };
    },
  });
}
