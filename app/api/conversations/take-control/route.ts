import { ZTakeControl } from "@/lib/schemas/handover";
import { route } from "@/server/http/route";
import { takeControl } from "@/server/services/handover/take-control";

// POST /api/conversations/take-control — take the thread from another app (or ask it for the thread)
export const POST = route({ can: "conversations.work", body: ZTakeControl }, ({ actor, body }) => takeControl(actor, body));
