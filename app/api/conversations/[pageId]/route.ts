import { z } from "zod";
import { ZConversationListQuery } from "@/lib/schemas/conversations";
import { readRoute } from "@/server/http/route";
import { listConversations } from "@/server/services/conversations/list-conversations";

// GET /api/conversations/{pageId}?page&limit&search&isImportant&isSpam&tags — the inbox list
export const GET = readRoute({ can: "conversations.read", params: z.object({ pageId: z.string().min(1).max(100) }), query: ZConversationListQuery }, ({ reader, params, query }) =>
  listConversations(reader, params.pageId, query),
);
