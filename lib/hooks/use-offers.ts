"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { io } from "socket.io-client";
import { CLIENT_EVENTS, SERVER_EVENTS, type ClientSocket } from "@/lib/contract/socket-events";
import { api } from "@/lib/api/client";
import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { SOCKET_OPTIONS } from "@/lib/inbox/constants";
import { dateRangeQuery, type DateRange } from "@/lib/offers/date-range";
import { audienceQuery, scheduleRequest, type OfferDraft } from "@/lib/offers/draft";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { OfferAction, OfferAudience, OfferProgressEvent, ScheduledOffer } from "@/lib/offers/types";
import { uploadFailure } from "@/lib/inbox/upload-failure";

// Bulk offers (SPEC §7 Offers): the list (refetched every 10 s, SPEC §4), the audience preview, scheduling,
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

/** The image could not be uploaded: the texts of SPEC §8 as lib/inbox/upload-failure.ts picks them. */
export class OfferUploadError extends Error {
  name = "OfferUploadError";
}

/** Uploads the image (for an image offer), then schedules the draft. Throws the server's error. */
export async function scheduleOffer(draft: OfferDraft, imageFile: File | null): Promise<ScheduledOffer> {
  let imageUrl: string | undefined;
  if (draft.type === "image") {
    if (!imageFile) throw new OfferUploadError(OFFER_TEXTS.imageRequired);
    const form = new FormData();
    form.append("images", imageFile);
    try {
      const { images } = await api<{ images: { imageUrl: string }[] }>("/uploads", { method: "POST", body: form });
      imageUrl = images[0]?.imageUrl;
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
const JOIN_ACK_TIMEOUT_MS = 5_000;

type ProgressOptions = {
  token: string | null;
  pageIds: string[];
  onProgress: (event: OfferProgressEvent) => void;
  /** Called once the socket is (re)connected and in its rooms: events sent before then were missed. */
  onResync?: () => void;
};

/**
 * Live `offer-progress` events over the app's Socket.IO connection (same origin, `auth: { token }`). The
 * socket follows the offers of each listed page (`join-offers`, refused to staff). Returns whether it is
 * connected.
 */
export function useOfferProgress({ token, pageIds, onProgress, onResync }: ProgressOptions): boolean {
  const [connected, setConnected] = useState(false);
  const socketRef = useRef<ClientSocket | null>(null);
  const joinRef = useRef<((pages: string[]) => void) | null>(null);
  const handlerRef = useRef({ onProgress, onResync });
  const pagesKey = pageIds.join(",");
  const pagesRef = useRef(pagesKey);
  const joinedRef = useRef(new Set<string>());
  useEffect(() => {
    handlerRef.current = { onProgress, onResync };
    pagesRef.current = pagesKey;
  });

  useEffect(() => {
    if (!token) return;
    const socket: ClientSocket = io(window.location.origin, { auth: { token }, ...SOCKET_OPTIONS });
    socketRef.current = socket;
    // Rooms are joined with an acknowledgement; once in them, the list is fetched again to catch up on
    // events sent before (a fast offer can finish between the first fetch and the join).
    function joinThenResync(target: ClientSocket, pages: string[]) {
      for (const pageId of pages) joinedRef.current.add(pageId);
      const joins = pages.map((pageId) => target.timeout(JOIN_ACK_TIMEOUT_MS).emitWithAck(CLIENT_EVENTS.joinOffers, { pageId }).catch(() => null));
      void Promise.all(joins).then(() => {
        if (target.connected) handlerRef.current.onResync?.();
      });
    }
    joinRef.current = (pages) => joinThenResync(socket, pages);

    socket.on("connect", () => {
      setConnected(true);
      joinedRef.current = new Set();
      joinThenResync(socket, pagesRef.current ? pagesRef.current.split(",") : []);
    });
    socket.on("disconnect", () => setConnected(false));
    socket.on("connect_error", () => setConnected(false));
    socket.on(SERVER_EVENTS.offerProgress, (event: OfferProgressEvent) => handlerRef.current.onProgress(event));

    return () => {
      joinRef.current = null;
      socket.removeAllListeners();
      socket.disconnect();
      socketRef.current = null;
      setConnected(false);
    };
  }, [token]);

  // Pages that become known later (the lists load after the socket connects) are joined as they come.
  useEffect(() => {
    if (!connected || !socketRef.current?.connected || !pagesKey) return;
    const fresh = pagesKey.split(",").filter((pageId) => !joinedRef.current.has(pageId));
    if (fresh.length) joinRef.current?.(fresh);
  }, [pagesKey, connected]);

  return connected;
}
