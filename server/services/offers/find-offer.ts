import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { Prisma } from "@/server/generated/prisma/client";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { actorCompanyId } from "@/server/access/company";
import { visiblePagesWhere } from "@/server/access/pages";

// Offers an actor may see: their company's, on pages they may see (company admins: every page; admins:
// their assigned pages). Anything else — another company's offer, a bad id — is a 404.

export function visibleOffersWhere(actor: Actor): Prisma.OfferWhereInput {
  return { companyId: actorCompanyId(actor), page: visiblePagesWhere(actor) };
}

export async function findVisibleOffer(actor: Actor, id: string) {
  const where = visibleOffersWhere(actor);
  const offer = isUuid(id) ? await db.offer.findFirst({ where: { ...where, id }, select: { id: true, status: true, pageId: true, companyId: true, startedAt: true } }) : null;
  if (!offer) throw new AppError("not_found", "Offer not found");
  return offer;
}
