import type { Prisma } from "@/server/generated/prisma/client";
import type { OfferProgressEvent, ScheduledOffer } from "@/lib/offers/types";

// The API shape of an offer: PRODUCT §3 Scheduled offer (_id, page_name, count, messagesCount, offerType,
// created_by, created_at) plus progress, and the `offer-progress` socket event built from the same row.

export const offerSelect = {
  id: true,
  pageId: true,
  type: true,
  offerType: true,
  status: true,
  statusReason: true,
  targetCount: true,
  sentCount: true,
  skippedCount: true,
  failedCount: true,
  createdByName: true,
  createdAt: true,
  tags: true,
  exclude: true,
  includeSpam: true,
  message: true,
  imageUrl: true,
  page: { select: { name: true } },
} satisfies Prisma.OfferSelect;

type SelectedOffer = Prisma.OfferGetPayload<{ select: typeof offerSelect }>;

/** The fields the list and the socket event need; the worker fills it from raw SQL. */
export type OfferRow = Omit<SelectedOffer, "page"> & { pageName: string };

export function toOfferRow(row: SelectedOffer): OfferRow {
  const { page, ...rest } = row;
  return { ...rest, pageName: page.name };
}

/** Handled / targeted, rounded down so it never reads 100 before the last person is handled. */
export function offerPercent(row: Pick<OfferRow, "status" | "targetCount" | "sentCount" | "skippedCount" | "failedCount">): number {
  if (row.status === "completed") return 100;
  if (row.targetCount <= 0) return 0;
  const handled = row.sentCount + row.skippedCount + row.failedCount;
  return Math.min(100, Math.floor((handled * 100) / row.targetCount));
}

export function toApiOffer(row: OfferRow): ScheduledOffer {
  return {
    _id: row.id,
    page_id: row.pageId,
    page_name: row.pageName,
    count: row.targetCount,
    messagesCount: row.sentCount,
    offerType: row.offerType,
    created_by: row.createdByName,
    created_at: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    skippedCount: row.skippedCount,
    failedCount: row.failedCount,
    percent: offerPercent(row),
    statusReason: row.statusReason,
    tags: row.tags,
    exclude: row.exclude,
    includeSpam: row.includeSpam,
    message: row.message,
    imageUrl: row.imageUrl,
  };
}

/** `offer-progress`: what the list merges (lib/offers/types.ts) plus the list's own field names. */
export function toProgressEvent(row: Omit<OfferRow, "tags" | "exclude" | "includeSpam" | "message" | "imageUrl" | "createdByName" | "createdAt" | "offerType" | "type" | "pageName">): OfferProgressEvent {
  const percent = offerPercent(row);
  return {
    offerId: row.id,
    _id: row.id,
    pageId: row.pageId,
    status: row.status,
    statusReason: row.statusReason,
    count: row.targetCount,
    sentCount: row.sentCount,
    messagesCount: row.sentCount,
    skippedCount: row.skippedCount,
    failedCount: row.failedCount,
    percent,
  };
}
export type OfferProgressPayload = ReturnType<typeof toProgressEvent>;
