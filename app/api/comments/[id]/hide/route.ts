import { z } from "zod";
import { ZCommentHide } from "@/lib/schemas/comments";
import { route } from "@/server/http/route";
import { hideComment } from "@/server/services/comments/moderate-comment";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/hide — hide or unhide a comment on Facebook
export const POST = route({ can: "comments.moderate", params, body: ZCommentHide }, ({ actor, params, body }) => hideComment(actor, params.id, body.hidden));
