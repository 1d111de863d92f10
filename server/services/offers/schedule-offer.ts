import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TScheduleOffer } from "@/lib/schemas/offers";
import { enqueueSendOffer, ensureOffersWatchdog } from "@/server/services/offers/queue";
import { actorCompanyId } from "@/server/access/company";
import { findVisiblePage } from "@/server/access/pages";
import { countAudience } from "@/server/services/offers/audience";
import { refuseUnapprovedLinks } from "@/server/services/offers/check-offer-links";
import { offerSelect, toApiOffer, toOfferRow } from "@/server/services/offers/serialize";
import { assertSendableImageUrl } from "@/server/services/uploads/sendable-image";
import { logger } from "@/server/observability/log";

/** "general" for everyone on the page, "label" for a labelled audience: the badge of PRODUCT §3. */
export type OfferVariant = "general" | "label";

/**
 * POST /api/offers/schedule and /schedule-label: the page must be the actor's, the text must pass the
 * whitelist; the offer is stored with the audience size of this moment and handed to the worker, which
 * fixes the recipient list when it starts (docs/API.md, Offers).
 */
export async function scheduleOffer(actor: Actor, input: TScheduleOffer, variant: OfferVariant) {
  const companyId = actorCompanyId(actor);
  const page = await findVisiblePage(actor, input.pageId);
  if (page.companyId !== companyId) throw new AppError("not_found", "Page not found");
  if (input.message) await refuseUnapprovedLinks(actor, page, input.message);
  if (input.imageUrl) await assertSendableImageUrl(input.imageUrl, companyId);

  const audience = await countAudience({ pageId: page.id, tags: input.tags, exclude: input.exclude });
  const offer = await db.offer.create({
    data: {
      companyId,
      pageId: page.id,
      createdById: actor.id,
      createdByName: actor.name,
      type: input.type,
      offerType: variant,
      message: input.message,
      imageUrl: input.imageUrl,
      tags: input.tags,
      exclude: input.exclude,
      includeSpam: input.includeSpam,
      targetCount: audience.matching,
    },
    select: offerSelect,
  });

  try {
    await enqueueSendOffer(offer.id);
    await ensureOffersWatchdog();
  } catch (error) {
    // Without its job the offer would sit "scheduled" forever: take it back and say so.
    await db.offer.delete({ where: { id: offer.id } }).catch(() => {});
    logger().error(`offer not queued: ${(error as Error).message}`);
    throw new AppError("unavailable", "The offer could not be queued. Please try again in a moment.");
  }
  return toApiOffer(toOfferRow(offer));
}
