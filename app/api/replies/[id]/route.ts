import { z } from "zod";
import { ZSavedReply } from "@/lib/schemas/replies";
import { route } from "@/server/http/route";
import { listReplies } from "@/server/services/replies/list-replies";
import { updateReply } from "@/server/services/replies/update-reply";
import { deleteReply } from "@/server/services/replies/delete-reply";

// One dynamic segment name per level: GET reads `{id}` as the page id (PRODUCT §7 `GET /replies/{pageId}`),
// PUT and DELETE as the reply id.
const params = z.object({ id: z.string().trim().min(1).max(100) });

// GET /api/replies/{pageId} — the page's saved replies, newest first
export const GET = route({ can: "replies.manage", params }, ({ actor, params }) => listReplies(actor, params.id));

// PUT /api/replies/{id} — change a saved reply
export const PUT = route({ can: "replies.manage", params, body: ZSavedReply }, ({ actor, params, body }) => updateReply(actor, params.id, body));

// DELETE /api/replies/{id} — delete a saved reply
export const DELETE = route({ can: "replies.manage", params }, ({ actor, params }) => deleteReply(actor, params.id));
