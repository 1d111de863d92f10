import { ZPassControl } from "@/lib/schemas/handover";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { passControl } from "@/server/services/handover/pass-control";

// POST /api/conversations/pass-control — pass the thread back to the Page Inbox or the primary receiver
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZPassControl }, ({ actor, body }) => passControl(actor, body));
