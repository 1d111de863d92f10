import type { Actor } from "@/server/services/auth/actor";
import type { TOfferPreviewQuery } from "@/lib/schemas/offers";
import { actorCompanyId } from "@/server/access/company";
import { findVisiblePage } from "@/server/access/pages";
import { AppError } from "@/server/http/errors";
import { countAudience } from "@/server/services/offers/audience";

/**
 * GET /api/offers/preview — before scheduling: how many people the page and tags select, and how many of
 * them wrote within 24 h (only those can receive an offer; the others will be counted as skipped).
 */
export async function previewOffer(actor: Actor, query: TOfferPreviewQuery) {
  const page = await findVisiblePage(actor, query.pageId);
  if (page.companyId !== actorCompanyId(actor)) throw new AppError("not_found", "Page not found");
  return countAudience({ pageId: page.id, tags: query.tags, exclude: query.tags.length > 0 && query.exclude });
}
