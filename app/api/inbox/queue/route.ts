import { ZInboxPageQuery } from "@/lib/schemas/conversations";
import { ZFairQueueSwitch } from "@/lib/schemas/fair-queue";
import { route } from "@/server/http/route";
import { getQueue, setFairQueue } from "@/server/services/ownership/queue-view";

// GET /api/inbox/queue?pageId= — the page's Unassigned queue in hand-out order, and its fair-queue switch
export const GET = route({ can: "inbox.read", query: ZInboxPageQuery }, ({ actor, query }) => getQueue(actor, query.pageId));

// PUT /api/inbox/queue — turn the page's fair queue on or off (admins and company admins)
export const PUT = route({ can: "inbox.settings", body: ZFairQueueSwitch }, ({ actor, body }) => setFairQueue(actor, body));
