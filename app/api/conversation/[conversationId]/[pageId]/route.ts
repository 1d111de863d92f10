import { z } from "zod";
import { ZThreadQuery } from "@/lib/schemas/conversations";
import { readRoute } from "@/server/http/route";
import { getThread } from "@/server/services/conversations/get-thread";

// GET /api/conversation/{conversationId}/{pageId}?before|after — one page of the thread
export const GET = readRoute(
  { can: "conversations.read", params: z.object({ conversationId: z.string().min(1).max(100), pageId: z.string().min(1).max(100) }), query: ZThreadQuery },
  ({ reader, params, query, request }) => getThread(reader, params.conversationId, params.pageId, query, request.url),
);
