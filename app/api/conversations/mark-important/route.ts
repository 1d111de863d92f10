import { ZConversationRef } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { toggleFlag } from "@/server/services/conversations/update-flags";

// POST /api/conversations/mark-important — toggle the important flag
export const POST = route({ can: "conversations.work", body: ZConversationRef }, ({ actor, body }) => toggleFlag(actor, body, "isImportant"));
