import { z } from "zod";
import { ZCommentLike } from "@/lib/schemas/comments";
import { route } from "@/server/http/route";
import { likeComment } from "@/server/services/comments/moderate-comment";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/like — like or unlike a comment, as the Page
export const POST = route({ can: "comments.answer", params, body: ZCommentLike }, ({ actor, params, body }) => likeComment(actor, params.id, body.liked));
