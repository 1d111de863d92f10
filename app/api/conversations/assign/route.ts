import { ZAssignConversation } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { assignConversation } from "@/server/services/ownership/assign-conversation";

// POST /api/conversations/assign — set or clear a conversation's owner
export const POST = route({ can: "conversations.assign", body: ZAssignConversation }, ({ actor, body }) => assignConversation(actor, body));
