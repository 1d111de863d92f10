import { ZAssignConversation } from "@/lib/schemas/conversations";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { assignConversation } from "@/server/services/ownership/assign-conversation";

// POST /api/conversations/assign — set or clear a conversation's owner
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZAssignConversation }, ({ actor, body }) => assignConversation(actor, body));
