import { ZSenderAction } from "@/lib/schemas/messages";
import { route } from "@/server/http/route";
import { sendSenderActionFor } from "@/server/services/outbound/send-sender-action";

// POST /api/conversations/sender-action — typing_on / typing_off / mark_seen to the customer, inside the 24 h window
export const POST = route({ can: "conversations.work", body: ZSenderAction }, ({ actor, body }) => sendSenderActionFor(actor, body));
