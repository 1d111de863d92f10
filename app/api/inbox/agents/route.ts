import { ZInboxPageQuery } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { listPageAgents } from "@/server/services/ownership/page-agents";

// GET /api/inbox/agents?pageId= — the people who may own the page's conversations
export const GET = route({ can: "inbox.read", query: ZInboxPageQuery }, ({ actor, query }) => listPageAgents(actor, query.pageId));
