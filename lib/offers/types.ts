// Shapes of the offers API (docs/API.md, Offers) as the screens read them; the server's serializers
// (server/services/offers/serialize.ts) are declared to return them.

export type OfferType = "text" | "image";

export const OFFER_STATUSES = ["scheduled", "running", "paused", "completed", "cancelled", "failed"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** A row of GET /api/offers (PRODUCT §3 Scheduled offer, plus the progress fields). */
export type ScheduledOffer = {
  _id: string;
  page_name: string;
  /** People targeted. */
  count: number;
  /** Messages sent so far. */
  messagesCount: number;
  offerType: string;
  created_by: string;
  created_at: string;
  type: OfferType;
  status: OfferStatus;
  skippedCount: number;
  failedCount: number;
  percent: number;
  statusReason: string | null;
  /** Also sent by the API (docs/API.md): the page, the audience rule and the content. */
  page_id?: string;
  tags?: string[];
  exclude?: boolean;
  includeSpam?: boolean;
  message?: string | null;
  imageUrl?: string | null;
};

/** The realtime `offer-progress` event (server/services/offers/serialize.ts is declared to return it). */
export type OfferProgressEvent = {
  offerId: string;
  /** The same id and the sent count under the list row's names (`_id`, `messagesCount`). */
  _id?: string;
  pageId?: string;
  messagesCount?: number;
  sentCount: number;
  skippedCount: number;
  failedCount: number;
  percent: number;
  status: OfferStatus;
  statusReason?: string | null;
  /** People targeted, when the event carries it. */
  count?: number;
};

/** GET /api/offers/preview: people the tags select, and how many of them wrote within 24 h. */
export type OfferAudience = { matching: number; insideWindow: number };

export type OfferAction = "pause" | "resume" | "cancel";
