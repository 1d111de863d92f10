import { ZInboxPageQuery, ZInboxSettings } from "@/lib/schemas/conversations";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { getInboxSettings, updateInboxSettings } from "@/server/services/ownership/inbox-settings";

// GET /api/inbox/settings?pageId= — the page's inbox settings ({pageId, autoAssign})
export const GET = route({ roles: ROUTE_ROLES.chats, query: ZInboxPageQuery }, ({ actor, query }) => getInboxSettings(actor, query.pageId));

// PUT /api/inbox/settings — change them (admins and company admins)
export const PUT = route({ roles: ROUTE_ROLES.company, body: ZInboxSettings }, ({ actor, body }) => updateInboxSettings(actor, body));
