import { env } from "@/server/env";
import { PRUNE_WEBHOOK_EVENTS_JOB } from "@/workers/schedules/webhooks";
import { pruneWebhookEvents } from "@/workers/webhooks/prune-webhook-events";
import { defineRetentionJob } from "@/workers/jobs/retention";

/** Hourly (workers/schedules/webhooks.ts): processed deliveries older than WEBHOOK_RETENTION_DAYS go. */
export const pruneWebhookEventsJob = defineRetentionJob(PRUNE_WEBHOOK_EVENTS_JOB, () => env().WEBHOOK_RETENTION_DAYS, pruneWebhookEvents);
