import { z } from "zod";
import { ZCommentStatus } from "@/lib/schemas/comment-work";
import { route } from "@/server/http/route";
import { setCommentStatus } from "@/server/services/comments/set-comment-status";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/status — mark a customer's comment done, snooze it until a time, or reopen it
export const POST = route({ can: "comments.work", params, body: ZCommentStatus }, ({ actor, params, body }) => setCommentStatus(actor, params.id, body));
