import { z } from "zod";
import { ZCommentReply } from "@/lib/schemas/comments";
import { route } from "@/server/http/route";
import { replyPrivately } from "@/server/services/comments/reply-privately";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/private-reply — answer a comment with a message to the commenter (once, within 7 days)
export const POST = route({ can: "comments.answer", params, body: ZCommentReply }, ({ actor, params, body }) => replyPrivately(actor, params.id, body.text));
