import { ZCreateLabel } from "@/lib/schemas/labels";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { createLabel } from "@/server/services/labels/create-label";

// POST /api/labels — create a label on a page
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZCreateLabel }, ({ actor, body }) => createLabel(actor, body));
