import { ZSavedReply } from "@/lib/schemas/replies";
import { route } from "@/server/http/route";
import { createReply } from "@/server/services/replies/create-reply";

// POST /api/replies — save a reply on a page
export const POST = route({ can: "replies.manage", body: ZSavedReply }, ({ actor, body }) => createReply(actor, body));
