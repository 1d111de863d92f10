import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TOfferListQuery } from "@/lib/schemas/offers";
import { visibleOffersWhere } from "@/server/services/offers/find-offer";
import { offerSelect, toApiOffer, toOfferRow } from "@/server/services/offers/serialize";
import { DAY_MS } from "@/lib/contract/messaging-window";

/** The list has no paging in the spec; this caps a careless "all time" query. */
export const OFFER_LIST_MAX = 500;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** `from` as an instant: a date means the start of that UTC day. */
function rangeStart(from: string): Date {
  return new Date(isDay(from) ? `${from}T00:00:00Z` : from);
}

/** `to` as an exclusive bound: a date includes its whole UTC day; a date-time includes that instant. */
function rangeEnd(to: string): Date {
  return isDay(to) ? new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS) : new Date(Date.parse(to) + 1);
}

/** GET /api/offers?from=&to= — the actor's offers created in the inclusive range, newest first. */
export async function listOffers(actor: Actor, query: TOfferListQuery) {
  const createdAt = { ...(query.from ? { gte: rangeStart(query.from) } : {}), ...(query.to ? { lt: rangeEnd(query.to) } : {}) };
  const rows = await db.offer.findMany({
    where: { ...visibleOffersWhere(actor), createdAt },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: OFFER_LIST_MAX,
    select: offerSelect,
  });
  return rows.map((row) => toApiOffer(toOfferRow(row)));
}
