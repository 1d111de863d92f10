import { ZRetryMessage } from "@/lib/schemas/messages";
import { route } from "@/server/http/route";
import { retryAgentMessage } from "@/server/services/outbound/retry-reply";

// POST /api/send-message/retry — send a reply that failed again (the same row; docs/API.md)
export const POST = route({ can: "messages.send", body: ZRetryMessage }, ({ actor, body }) => retryAgentMessage(actor, body));
