import { z } from "zod";
import { env } from "@/server/env";
import { PRUNE_WEBHOOK_EVENTS_JOB } from "@/server/queue/webhooks";
import { pruneWebhookEvents } from "@/server/services/messenger/prune-webhook-events";
import { defineJob } from "@/workers/jobs/types";
import { DAY_MS } from "@/lib/contract/messaging-window";

/** Hourly (server/queue/webhooks.ts): processed deliveries older than WEBHOOK_RETENTION_DAYS go. */
export const pruneWebhookEventsJob = defineJob({
  name: PRUNE_WEBHOOK_EVENTS_JOB,
  schema: z.object({}),
  async handle() {
    const cutoff = new Date(Date.now() - env().WEBHOOK_RETENTION_DAYS * DAY_MS);
    return { deleted: await pruneWebhookEvents(cutoff), before: cutoff.toISOString() };
  },
});
