import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { enqueueSendOffer, ensureOffersWatchdog } from "@/server/services/offers/queue";
import { findVisibleOffer } from "@/server/services/offers/find-offer";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { transitionOffer } from "@/server/services/offers/transition-offer";
import { logger } from "@/server/observability/log";

/**
 * POST /api/offers/{id}/resume — a paused (or failed) offer continues with the people not yet handled.
 * Refused while the page still needs a new token or Meta blocks it: the first send would only pause it again.
 */
export async function resumeOffer(actor: Actor, id: string) {
  const found = await findVisibleOffer(actor, id);
  const page = await db.page.findUniqueOrThrow({ where: { id: found.pageId }, select: { tokenStatus: true, policyState: true } });
  if (page.tokenStatus === "needs_token") throw new AppError("unprocessable", OFFER_REASONS.tokenInvalid);
  if (page.policyState === "blocked") throw new AppError("unprocessable", OFFER_REASONS.policyBlocked);

  const { offer, api } = await transitionOffer(actor, id, {
    from: ["paused", "failed"],
    // An offer paused before its job started has no recipient list yet: it goes back to "scheduled".
    data: (o) => ({ status: o.startedAt ? "running" : "scheduled", statusReason: null, completedAt: null }),
    verb: "resumed",
  });
  try {
    await enqueueSendOffer(offer.id);
    await ensureOffersWatchdog();
  } catch (error) {
    await db.offer.update({ where: { id: offer.id }, data: { status: "paused", statusReason: OFFER_REASONS.notQueued } }).catch(() => {});
    logger().error(`offer not re-queued: ${(error as Error).message}`);
    throw new AppError("unavailable", "The offer could not be queued. Please try again in a moment.");
  }
  return api;
}
