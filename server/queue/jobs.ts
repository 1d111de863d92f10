import { z } from "zod";
import type { JobSchedulerTemplateOptions, JobsOptions, RepeatOptions } from "bullmq";
import { CHANNELS } from "@/lib/inbox/channels";
import { currentRequestId } from "@/server/observability/request-context";
import { queue } from "@/server/queue/index";

// Every job of the queue in one table (issue 44): its name and the payload it carries, shared by the
// producers (server/queue/*, workers/schedules/*) and the worker's handlers (workers/jobs/*, which parse
// the payload with the same schema before handling it). A producer's payload is typed by the schema, so a
// job and its callers cannot drift apart.

const nothing = z.object({});
const day = z.iso.date();

export const JOBS = {
  /** One run of a bulk offer (workers/offers/). */
  sendOffer: { name: "send-offer", schema: z.object({ offerId: z.uuid() }) },
  /** The offers' watchdog: re-queues a running offer whose worker died (workers/offers/watchdog.ts). */
  resumeOffers: { name: "resume-offers", schema: nothing },
  /** A copy of a message's attachments before Meta's URLs expire. */
  copyAttachments: { name: "copy-attachments", schema: z.object({ messageId: z.uuid() }) },
  /** A webhook subscription that failed, retried; the page row is gone for the unsubscription, so it carries the token. */
  subscribePage: { name: "subscribe-page", schema: z.object({ pageId: z.uuid() }) },
  unsubscribePage: { name: "unsubscribe-page", schema: z.object({ facebookPageId: z.string().regex(/^\d+$/), accessTokenEnc: z.string().min(1) }) },
  /** The daily re-check of every page's token. */
  verifyPageTokens: { name: "verify-page-tokens", schema: nothing },
  /** The history import after a Page (or its Instagram) is connected; `channels`: only these. */
  importPageHistory: { name: "import-page-history", schema: z.object({ pageId: z.uuid(), channels: z.array(z.enum(CHANNELS)).optional() }) },
  /** The sweeps and retentions the worker schedules (workers/schedules/). */
  pruneWebhookEvents: { name: "prune-webhook-events", schema: nothing },
  failStaleSends: { name: "fail-stale-sends", schema: nothing },
  wakeSnoozed: { name: "wake-snoozed", schema: nothing },
  notifyBreaches: { name: "notify-response-breaches", schema: nothing },
  pruneUploads: { name: "prune-unused-uploads", schema: nothing },
  pruneAudit: { name: "prune-audit-entries", schema: nothing },
  databaseUpkeep: { name: "database-upkeep", schema: nothing },
  /**
   * On demand, queued by hand (docs/ARCHITECTURE.md, "The job path"): a company's response metrics of a
   * range of local days rebuilt from its messages.
   */
  rebuildResponseEvents: {
    name: "rebuild-response-events",
    schema: z.object({ companyId: z.uuid(), from: day, to: day }).refine((p) => p.from <= p.to, { message: "to must not be before from", path: ["to"] }),
  },
} as const;

export type JobKind = (typeof JOBS)[keyof typeof JOBS];
export type Payload<J extends JobKind> = z.input<J["schema"]>;

/** Queues one job. It runs under the id of the request that queued it, so its logs follow that request. */
export async function enqueue<J extends JobKind>(job: J, payload: Payload<J>, options: JobsOptions): Promise<void> {
  await queue().add(job.name, { ...payload, requestId: currentRequestId() }, options);
}

/** Keeps one scheduler `id` for a job (idempotent: one however many workers upsert it, however often). */
export async function schedule<J extends JobKind>(id: string, repeat: Omit<RepeatOptions, "key">, job: J, payload: Payload<J>, opts: JobSchedulerTemplateOptions): Promise<void> {
  await queue().upsertJobScheduler(id, repeat, { name: job.name, data: payload, opts });
}
