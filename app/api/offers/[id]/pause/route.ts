import { ZOfferParams } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { pauseOffer } from "@/server/services/offers/pause-offer";

// POST /api/offers/{id}/pause — stop sending after the current person; resume continues where it stopped
export const POST = route({ can: "offers.manage", params: ZOfferParams }, ({ actor, params }) => pauseOffer(actor, params.id));
