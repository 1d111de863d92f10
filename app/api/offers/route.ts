import { ZOfferListQuery } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { listOffers } from "@/server/services/offers/list-offers";

// GET /api/offers?from=&to= — the company's scheduled offers in an inclusive date range, newest first
export const GET = route({ can: "offers.manage", query: ZOfferListQuery }, ({ actor, query }) => listOffers(actor, query));
