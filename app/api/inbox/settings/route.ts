import { ZInboxPageQuery, ZInboxSettings } from "@/lib/schemas/conversations";
import { route } from "@/server/http/route";
import { getInboxSettings, updateInboxSettings } from "@/server/services/ownership/inbox-settings";

// GET /api/inbox/settings?pageId= — the page's inbox settings ({pageId, autoAssign})
export const GET = route({ can: "inbox.read", query: ZInboxPageQuery }, ({ actor, query }) => getInboxSettings(actor, query.pageId));

// PUT /api/inbox/settings — change them (admins and company admins)
export const PUT = route({ can: "inbox.settings", body: ZInboxSettings }, ({ actor, body }) => updateInboxSettings(actor, body));
