import { rebuildResponseEvents } from "@/workers/reports/rebuild-response-events";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

/**
 * On demand (docs/PRODUCT.md §11.2, "How it is kept"): a company's response metrics of a range of local days,
 * rebuilt from its messages after a bug or a restore. Idempotent, so a retry or a second run is harmless.
 */
export const rebuildResponseEventsJob = defineJob({
  ...JOBS.rebuildResponseEvents,
  handle: (payload) => rebuildResponseEvents(payload),
});
