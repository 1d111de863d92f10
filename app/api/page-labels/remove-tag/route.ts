import { ZRemoveTag } from "@/lib/schemas/labels";
import { ROUTE_ROLES } from "@/lib/roles";
import { route } from "@/server/http/route";
import { removeTag } from "@/server/services/labels/remove-tag";

// POST /api/page-labels/remove-tag — take a tag off a conversation's person
export const POST = route({ roles: ROUTE_ROLES.chats, body: ZRemoveTag }, ({ actor, body }) => removeTag(actor, body));
