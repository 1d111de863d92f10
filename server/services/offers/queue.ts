import { randomBytes } from "node:crypto";
import { queue } from "@/server/queue/index";
import { JOBS, enqueue, schedule } from "@/server/queue/jobs";
import { redis } from "@/server/redis";

// Producers for bulk offers. `send-offer` runs one offer; `resume-offers` is a watchdog that a BullMQ job
// scheduler runs every few seconds while offers are active: it re-queues a running offer whose worker
// died (its lease in Redis expired), so a killed worker resumes in seconds instead of waiting for BullMQ's
// stalled-job check (30 s+, and only once by default).

const WATCHDOG_ID = "offers-watchdog";
export const WATCHDOG_EVERY_MS = 5_000;
/** One re-queue per offer per this period, however often the watchdog looks. */
const KICK_THROTTLE_MS = 10_000;

/** Queues a run of the offer. Every run gets its own job id; the offer's lease lets only one of them work. */
export async function enqueueSendOffer(offerId: string): Promise<void> {
  await enqueue(
    JOBS.sendOffer,
    { offerId },
    {
      // Custom job ids cannot contain ":".
      jobId: `offer-${offerId}-${Date.now()}-${randomBytes(3).toString("hex")}`,
      attempts: 3,
      backoff: { type: "exponential", delay: 2_000 },
      removeOnComplete: { count: 200 },
      removeOnFail: { count: 500 },
    },
  );
}

/** Re-queues an offer unless that was done within the throttle period. */
export async function kickOffer(offerId: string): Promise<boolean> {
  const fresh = await redis().set(`offers:kick:${offerId}`, "1", "PX", KICK_THROTTLE_MS, "NX");
  if (fresh !== "OK") return false;
  await enqueueSendOffer(offerId);
  return true;
}

/** Starts (or keeps) the watchdog; idempotent. */
export async function ensureOffersWatchdog(): Promise<void> {
  await schedule(WATCHDOG_ID, { every: WATCHDOG_EVERY_MS }, JOBS.resumeOffers, {}, { removeOnComplete: true, removeOnFail: { count: 50 } });
}

/** Stops the watchdog when no offer needs it. */
export async function stopOffersWatchdog(): Promise<void> {
  await queue().removeJobScheduler(WATCHDOG_ID);
}
