import { db } from "@/server/db";
import { enqueueSendOffer, ensureOffersWatchdog } from "@/server/services/offers/queue";
import { logger } from "@/server/observability/log";
import { emitOfferProgress } from "@/server/services/offers/emit-progress";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { offerSelect, toOfferRow } from "@/server/services/offers/serialize";

// Bulk offers of a page Meta blocked: the running ones pause (their run stops before its next send, as
// for a pause by an admin), and when Meta lifts the block exactly those continue. Offers that start while
// the page is blocked pause themselves (workers/offers/prepare.ts) with the same reason.

export async function pauseOffersForBlock(pageId: string): Promise<void> {
  const running = await db.offer.findMany({ where: { pageId, status: "running" }, select: { id: true } });
  if (!running.length) return;
  await db.offer.updateMany({ where: { id: { in: running.map((o) => o.id) }, status: "running" }, data: { status: "paused", statusReason: OFFER_REASONS.policyBlocked } });
  await announce(running.map((o) => o.id));
}

export async function resumeOffersAfterBlock(pageId: string): Promise<void> {
  const paused = await db.offer.findMany({ where: { pageId, status: "paused", statusReason: OFFER_REASONS.policyBlocked }, select: { id: true, startedAt: true } });
  for (const offer of paused) {
    const { count } = await db.offer.updateMany({
      where: { id: offer.id, status: "paused", statusReason: OFFER_REASONS.policyBlocked },
      // An offer paused before its run started has no recipient list yet: it goes back to "scheduled".
      data: { status: offer.startedAt ? "running" : "scheduled", statusReason: null },
    });
    if (!count) continue;
    try {
      await enqueueSendOffer(offer.id);
      await ensureOffersWatchdog();
    } catch (error) {
      await db.offer.update({ where: { id: offer.id }, data: { status: "paused", statusReason: OFFER_REASONS.notQueued } }).catch(() => {});
      logger().error({ offerId: offer.id, err: (error as Error).message }, "offer not re-queued after the page's block was lifted");
    }
  }
  await announce(paused.map((o) => o.id));
}

async function announce(ids: string[]): Promise<void> {
  for (const row of await db.offer.findMany({ where: { id: { in: ids } }, select: offerSelect })) emitOfferProgress(toOfferRow(row));
}
