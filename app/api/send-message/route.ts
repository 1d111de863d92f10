import { ZSendMessage } from "@/lib/schemas/messages";
import { readRoute } from "@/server/http/route";
import { sendAgentMessage } from "@/server/services/outbound/send-message";

// POST /api/send-message — send text or an image to a customer (whitelist and window policy enforced)
export const POST = readRoute({ can: "messages.send", body: ZSendMessage }, ({ reader, body }) => sendAgentMessage(reader, body));
