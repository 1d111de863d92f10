import { ZStatsQuery } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { conversationStats } from "@/server/services/conversations/stats";

// GET /api/conversations/stats?pageId= — {total, important, spam}
export const GET = route({ can: "conversations.read", query: ZStatsQuery }, ({ actor, query }) => conversationStats(actor, query.pageId));
