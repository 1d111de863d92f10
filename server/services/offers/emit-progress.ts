import { emitToCompany } from "@/server/realtime/company-room";
import { toProgressEvent, type OfferProgressPayload } from "@/server/services/offers/serialize";

export const OFFER_PROGRESS_EVENT = "offer-progress";

type ProgressRow = Parameters<typeof toProgressEvent>[0];

/**
 * `offer-progress` to the company's admins and to the page's room (the scheduled-offers screen joins the
 * pages it lists). Progress is best effort: a Redis hiccup must not stop an offer, so errors are logged.
 */
export async function emitOfferProgress(companyId: string, row: ProgressRow): Promise<OfferProgressPayload> {
  const payload = toProgressEvent(row);
  await emitToCompany(companyId, OFFER_PROGRESS_EVENT, payload, row.pageId).catch((error: Error) => {
    console.error(`[switchboard] offer-progress for ${row.id} not emitted: ${error.message}`);
  });
  return payload;
}
