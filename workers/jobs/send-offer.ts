import { db } from "@/server/db";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { recountOffer } from "@/server/services/offers/recount-offer";
import { emitOfferProgress } from "@/server/services/offers/emit-progress";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";
import { runOffer } from "@/workers/offers/run-offer";
import { resumeStalledOffers } from "@/workers/offers/watchdog";

// Bulk offers in the worker: `send-offer` runs one offer (workers/offers/run-offer.ts), `resume-offers` is
// its watchdog (workers/offers/watchdog.ts). Both are registered in workers/jobs/index.ts.

export const sendOfferJob = defineJob({
  ...JOBS.sendOffer,
  async handle({ offerId }, job) {
    try {
      return { outcome: await runOffer(offerId) };
    } catch (error) {
      // BullMQ retries the job; after the last attempt the offer says why it stopped instead of hanging.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await markCrashed(offerId, (error as Error).message);
      throw error;
    }
  },
});

export const resumeOffersJob = defineJob({
  ...JOBS.resumeOffers,
  handle: () => resumeStalledOffers(),
});

async function markCrashed(offerId: string, detail: string): Promise<void> {
  await db.offer
    .updateMany({ where: { id: offerId, status: { in: ["scheduled", "running"] } }, data: { status: "failed", statusReason: OFFER_REASONS.crashed(detail.slice(0, 200)) } })
    .catch(() => {});
  const counted = await recountOffer(offerId).catch(() => null);
  if (counted) emitOfferProgress(counted);
}
