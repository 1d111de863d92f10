import { z } from "zod";
import { ZCommentReply } from "@/lib/schemas/comments";
import { route } from "@/server/http/route";
import { replyPublicly } from "@/server/services/comments/reply-publicly";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/reply — answer a comment in public, as the Page
export const POST = route({ can: "comments.answer", params, body: ZCommentReply }, ({ actor, params, body }) => replyPublicly(actor, params.id, body.text));
