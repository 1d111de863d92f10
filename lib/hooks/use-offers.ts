"use client";

import useSWR from "swr";
import { api } from "@/lib/api/client";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { useRoomEvents } from "@/lib/hooks/use-room-events";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";
import { dateRangeQuery, type DateRange } from "@/lib/offers/date-range";
import { audienceQuery, scheduleRequest, type OfferDraft } from "@/lib/offers/draft";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { OfferAction, OfferAudience, OfferProgressEvent, ScheduledOffer } from "@/lib/offers/types";
import { uploadFailure } from "@/lib/inbox/upload-failure";
import { uploadImages } from "@/lib/api/uploads";

// Bulk offers (PRODUCT §7 Offers): the list (refetched every 10 s, PRODUCT §4), the audience preview, scheduling,
// pause/resume/cancel, and the live `offer-progress` events.

export const OFFERS_REFRESH_MS = 10_000;
/** The window moves as time passes: the audience preview is re-asked every 30 s. */
export const AUDIENCE_REFRESH_MS = 30_000;
const AUDIENCE_DEBOUNCE_MS = 300;

type OffersKey = readonly ["/api/offers", { from?: string; to?: string }];

export function useOffers(range: DateRange) {
  const query = dateRangeQuery(range);
  const key: OffersKey = ["/api/offers", query];
  return useSWR<ScheduledOffer[], Error, OffersKey>(key, ([path, q]) => api<ScheduledOffer[]>(path, { query: q }), {
    refreshInterval: OFFERS_REFRESH_MS,
    keepPreviousData: true,
  });
}

/** How many people the draft's page and labels select, and how many of them are inside the 24 h window. */
export function useOfferAudience(draft: Pick<OfferDraft, "pageId" | "tags" | "exclude">) {
  const query = useDebouncedValue(audienceQuery(draft), AUDIENCE_DEBOUNCE_MS);
  const key = query ? (["/api/offers/preview", query] as const) : null;
  return useSWR<OfferAudience>(key, ([path, q]: readonly [string, Record<string, string>]) => api<OfferAudience>(path, { query: q }), {
    refreshInterval: AUDIENCE_REFRESH_MS,
    keepPreviousData: true,
  });
}

/** The image could not be uploaded: the texts of PRODUCT §8 as lib/inbox/upload-failure.ts picks them. */
export class OfferUploadError extends Error {
  name = "OfferUploadError";
}

/** Uploads the image (for an image offer), then schedules the draft. Throws the server's error. */
export async function scheduleOffer(draft: OfferDraft, imageFile: File | null): Promise<ScheduledOffer> {
  let imageUrl: string | undefined;
  if (draft.type === "image") {
    if (!imageFile) throw new OfferUploadError(OFFER_TEXTS.imageRequired);
    try {
      imageUrl = (await uploadImages([imageFile]))[0];
    } catch (error) {
      const failure = uploadFailure(error);
      throw new OfferUploadError(failure.description ? `${failure.title}: ${failure.description}` : failure.title);
    }
    if (!imageUrl) throw new OfferUploadError(OFFER_TEXTS.uploadFailed);
  }
  const { path, body } = scheduleRequest(draft, imageUrl);
  return api<ScheduledOffer>(path, { method: "POST", body });
}

export function runOfferAction(offerId: string, action: OfferAction): Promise<unknown> {
  return api(`/offers/${encodeURIComponent(offerId)}/${action}`, { method: "POST" });
}

/** How long a room join may take before the list is caught up anyway. */

type ProgressOptions = {
  token: string | null;
  pageIds: string[];
  onProgress: (event: OfferProgressEvent) => void;
  /** Called once the socket is (re)connected and in its rooms: events sent before then were missed. */
  onResync?: () => void;
};

/** Live `offer-progress` events of each listed page (`join-offers`, refused to staff); whether connected. */
export function useOfferProgress({ token, pageIds, onProgress, onResync }: ProgressOptions): boolean {
  return useRoomEvents({ token, pageIds, join: CLIENT_EVENTS.joinOffers, event: SERVER_EVENTS.offerProgress, onEvent: onProgress, onResync });
}
