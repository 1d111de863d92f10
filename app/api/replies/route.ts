import { ZSavedReply } from "@/lib/schemas/replies";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { createReply } from "@/server/services/replies/create-reply";

// POST /api/replies — save a reply on a page
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZSavedReply }, ({ actor, body }) => createReply(actor, body));
