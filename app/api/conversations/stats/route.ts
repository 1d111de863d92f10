import { ZStatsQuery } from "@/lib/schemas/conversations";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { conversationStats } from "@/server/services/conversations/stats";

// GET /api/conversations/stats?pageId= — {total, important, spam}
export const GET = route({ roles: ROUTE_ROLES.chats, query: ZStatsQuery }, ({ actor, query }) => conversationStats(actor, query.pageId));
