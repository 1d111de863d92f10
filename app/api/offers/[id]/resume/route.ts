import { ZOfferParams } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { resumeOffer } from "@/server/services/offers/resume-offer";

// POST /api/offers/{id}/resume — continue a paused offer with the people not yet handled
export const POST = route({ can: "offers.manage", params: ZOfferParams }, ({ actor, params }) => resumeOffer(actor, params.id));
