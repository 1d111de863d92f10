import { emitToRooms, EVENTS } from "@/server/realtime/emit";
import { offersRoom } from "@/server/realtime/rooms";
import { toProgressEvent, type OfferProgressPayload } from "@/server/services/offers/serialize";

type ProgressRow = Parameters<typeof toProgressEvent>[0];

/**
 * `offer-progress` to the admins following the offer's page (the scheduled-offers screen joins the pages
 * it lists with `join-offers`). Best effort, like every emit: a Redis hiccup never stops an offer.
 */
export function emitOfferProgress(row: ProgressRow): OfferProgressPayload {
  const payload = toProgressEvent(row);
  emitToRooms([offersRoom(row.pageId)], EVENTS.offerProgress, payload);
  return payload;
}
