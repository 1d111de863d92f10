import { z } from "zod";
import { env } from "@/server/env";
import { PRUNE_UPLOADS_JOB } from "@/server/queue/uploads";
import { pruneUnusedUploads } from "@/server/services/uploads/prune-uploads";
import { defineJob } from "@/workers/jobs/types";
import { DAY_MS } from "@/lib/contract/messaging-window";

/** Hourly (server/queue/uploads.ts): uploads never used in a message or offer, older than UPLOAD_RETENTION_DAYS, go. */
export const pruneUploadsJob = defineJob({
  name: PRUNE_UPLOADS_JOB,
  schema: z.object({}),
  async handle() {
    const cutoff = new Date(Date.now() - env().UPLOAD_RETENTION_DAYS * DAY_MS);
    return { deleted: await pruneUnusedUploads(cutoff), before: cutoff.toISOString() };
  },
});
