import { ZSenderAction } from "@/lib/schemas/messages";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { sendSenderActionFor } from "@/server/services/messages/send-sender-action";

// POST /api/conversations/sender-action — typing_on / typing_off / mark_seen to the customer, inside the 24 h window
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZSenderAction }, ({ actor, body }) => sendSenderActionFor(actor, body));
