import { ZInboxPageQuery } from "@/lib/schemas/conversations";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { listPageAgents } from "@/server/services/ownership/page-agents";

// GET /api/inbox/agents?pageId= — the people who may own the page's conversations
export const GET = route({ roles: ROUTE_ROLES.chats, query: ZInboxPageQuery }, ({ actor, query }) => listPageAgents(actor, query.pageId));
