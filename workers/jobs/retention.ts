import { z } from "zod";
import { DAY_MS } from "@/lib/contract/messaging-window";
import { defineJob } from "@/workers/jobs/types";

/**
 * An hourly clean-up: rows older than `days()` days go (read from the environment on every run, so a
 * changed setting applies without a restart). `prune` deletes what is older than the cutoff and says how many.
 */
export function defineRetentionJob(name: string, days: () => number, prune: (cutoff: Date) => Promise<number>) {
  return defineJob({
    name,
    schema: z.object({}),
    async handle() {
      const cutoff = new Date(Date.now() - days() * DAY_MS);
      return { deleted: await prune(cutoff), before: cutoff.toISOString() };
    },
  });
}
