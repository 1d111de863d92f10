import { ZScheduleLabelOffer } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { scheduleOffer } from "@/server/services/offers/schedule-offer";

// POST /api/offers/schedule-label — schedule a bulk offer to people with (or, with exclude, without) the labels
export const POST = route({ can: "offers.manage", body: ZScheduleLabelOffer }, ({ actor, body }) => scheduleOffer(actor, body, "label"));
