import type { JobDefinition } from "@/workers/jobs/types";
import { resumeOffersJob, sendOfferJob } from "@/workers/jobs/send-offer";
import { copyAttachmentsJob } from "@/workers/jobs/copy-attachments";
import { importPageHistoryJob, subscribePageJob, unsubscribePageJob, verifyPageTokensJob } from "@/workers/jobs/page-connection";
import { pruneWebhookEventsJob } from "@/workers/jobs/webhook-retention";
import { failStaleSendsJob } from "@/workers/jobs/stale-sends";
import { wakeSnoozedJob } from "@/workers/jobs/snooze-expiry";
import { notifyBreachesJob } from "@/workers/jobs/breach-email";
import { pruneUploadsJob } from "@/workers/jobs/upload-retention";
import { rebuildResponseEventsJob } from "@/workers/jobs/rebuild-response-events";
import { databaseUpkeepJob } from "@/workers/jobs/database-upkeep";
import { pruneAuditJob } from "@/workers/jobs/audit-retention";

// The job registry: every job the worker runs is listed here.

/** JobDefinition<T> is invariant in T (schema out, handler in); the worker feeds each handler its own schema's output. */
const register = <T>(job: JobDefinition<T>) => job as unknown as JobDefinition<never>;

export const jobs: JobDefinition<never>[] = [
  register(sendOfferJob),
  register(resumeOffersJob),
  register(copyAttachmentsJob),
  register(subscribePageJob),
  register(unsubscribePageJob),
  register(verifyPageTokensJob),
  register(importPageHistoryJob),
  register(pruneWebhookEventsJob),
  register(failStaleSendsJob),
  register(wakeSnoozedJob),
  register(notifyBreachesJob),
  register(pruneUploadsJob),
  register(rebuildResponseEventsJob),
  register(databaseUpkeepJob),
  register(pruneAuditJob),
];

export function findJob(name: string): JobDefinition<never> | undefined {
  return jobs.find((job) => job.name === name);
}
