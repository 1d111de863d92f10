import { z } from "zod";
import { ZThreadQuery } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { getThread } from "@/server/services/conversations/get-thread";

// GET /api/conversation/{conversationId}/{pageId}?before|after — one page of the thread
export const GET = route(
  { can: "conversations.read", params: z.object({ conversationId: z.string().min(1).max(100), pageId: z.string().min(1).max(100) }), query: ZThreadQuery },
  ({ actor, params, query, request }) => getThread(actor, params.conversationId, params.pageId, query, request.url),
);
