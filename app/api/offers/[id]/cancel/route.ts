import { ZOfferParams } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { cancelOffer } from "@/server/services/offers/cancel-offer";

// POST /api/offers/{id}/cancel — stop the offer for good
export const POST = route({ can: "offers.manage", params: ZOfferParams }, ({ actor, params }) => cancelOffer(actor, params.id));
