import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { offersRoom } from "@/server/realtime/room-names";
import { toProgressEvent, type OfferProgressPayload } from "@/server/services/offers/serialize";

type ProgressRow = Parameters<typeof toProgressEvent>[0];

/**
 * `offer-progress` to the admins following the offer's page (the scheduled-offers screen joins the pages
 * it lists with `join-offers`). Best effort, like every emit: a Redis hiccup never stops an offer.
 */
export function emitOfferProgress(row: ProgressRow): OfferProgressPayload {
  const payload = toProgressEvent(row);
  emitToRooms([offersRoom(row.pageId)], SERVER_EVENTS.offerProgress, payload);
  return payload;
}
