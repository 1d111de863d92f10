import { env } from "@/server/env";
import { PRUNE_UPLOADS_JOB } from "@/workers/schedules/uploads";
import { pruneUnusedUploads } from "@/workers/uploads/prune-uploads";
import { defineRetentionJob } from "@/workers/jobs/retention";

/** Hourly (workers/schedules/uploads.ts): uploads never used in a message or offer, older than UPLOAD_RETENTION_DAYS, go. */
export const pruneUploadsJob = defineRetentionJob(PRUNE_UPLOADS_JOB, () => env().UPLOAD_RETENTION_DAYS, pruneUnusedUploads);
