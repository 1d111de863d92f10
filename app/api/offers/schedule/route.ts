import { ZScheduleOffer } from "@/lib/schemas/offers";
import { route } from "@/server/http/route";
import { scheduleOffer } from "@/server/services/offers/schedule-offer";

// POST /api/offers/schedule — schedule a bulk offer to the page's customers (all of them without tags)
export const POST = route({ can: "offers.manage", body: ZScheduleOffer }, ({ actor, body }) => scheduleOffer(actor, body, "general"));
