import { env } from "@/server/env";
import { pruneWebhookEvents } from "@/workers/inbound/prune-webhook-events";
import { defineRetentionJob } from "@/workers/jobs/retention";
import { JOBS } from "@/server/queue/jobs";

/** Hourly (workers/schedules/webhooks.ts): processed deliveries older than WEBHOOK_RETENTION_DAYS go. */
export const pruneWebhookEventsJob = defineRetentionJob(JOBS.pruneWebhookEvents, () => env().WEBHOOK_RETENTION_DAYS, pruneWebhookEvents);
