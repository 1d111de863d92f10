import { ZConversationRef } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { markRead } from "@/server/services/conversations/update-flags";

// PUT /api/conversations/mark-read — unread count to 0 when a conversation is opened
export const PUT = route({ can: "conversations.work", body: ZConversationRef }, ({ actor, body }) => markRead(actor, body));
