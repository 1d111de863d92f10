import { ZConversationRef } from "@/lib/schemas/conversations";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { toggleFlag } from "@/server/services/conversations/update-flags";

// POST /api/conversations/mark-spam — toggle the spam flag
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZConversationRef }, ({ actor, body }) => toggleFlag(actor, body, "isSpam"));
