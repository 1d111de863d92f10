import { env } from "@/server/env";
import { PRUNE_UPLOADS_JOB } from "@/server/queue/uploads";
import { pruneUnusedUploads } from "@/server/services/uploads/prune-uploads";
import { defineRetentionJob } from "@/workers/jobs/retention";

/** Hourly (server/queue/uploads.ts): uploads never used in a message or offer, older than UPLOAD_RETENTION_DAYS, go. */
export const pruneUploadsJob = defineRetentionJob(PRUNE_UPLOADS_JOB, () => env().UPLOAD_RETENTION_DAYS, pruneUnusedUploads);
