import { ZOfferPreviewQuery } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { previewOffer } from "@/server/services/offers/preview-offer";

// GET /api/offers/preview?pageId=&tags=&exclude= — how many people an offer would target, and how many are inside 24 h
export const GET = route({ can: "offers.manage", query: ZOfferPreviewQuery }, ({ actor, query }) => previewOffer(actor, query));
