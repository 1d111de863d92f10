import { env } from "@/server/env";
import { pruneUnusedUploads } from "@/workers/uploads/prune-uploads";
import { defineRetentionJob } from "@/workers/jobs/retention";
import { JOBS } from "@/server/queue/jobs";

/** Hourly (workers/schedules/uploads.ts): uploads never used in a message or offer, older than UPLOAD_RETENTION_DAYS, go. */
export const pruneUploadsJob = defineRetentionJob(JOBS.pruneUploads, () => env().UPLOAD_RETENTION_DAYS, pruneUnusedUploads);
