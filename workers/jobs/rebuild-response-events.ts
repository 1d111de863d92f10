import { z } from "zod";
import { rebuildResponseEvents } from "@/workers/reports/rebuild-response-events";
import { defineJob } from "@/workers/jobs/types";

const day = z.iso.date();

/** Queued by hand (docs/ARCHITECTURE.md, "The job path"): `queue().add("rebuild-response-events", { companyId, from, to })`. */
const REBUILD_RESPONSE_EVENTS_JOB = "rebuild-response-events";

/**
 * On demand (docs/PRODUCT.md §11.2, "How it is kept"): a company's response metrics of a range of local days,
 * rebuilt from its messages after a bug or a restore. Idempotent, so a retry or a second run is harmless.
 */
export const rebuildResponseEventsJob = defineJob({
  name: REBUILD_RESPONSE_EVENTS_JOB,
  schema: z.object({ companyId: z.uuid(), from: day, to: day }).refine((p) => p.from <= p.to, { message: "to must not be before from", path: ["to"] }),
  handle: (payload) => rebuildResponseEvents(payload),
});
