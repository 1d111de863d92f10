import { ZSetStatus } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { setConversationStatus } from "@/server/services/conversations/set-status";

// POST /api/conversations/status — mark done, snooze or reopen one or several conversations
export const POST = route({ can: "conversations.work", body: ZSetStatus }, ({ actor, body }) => setConversationStatus(actor, body));
