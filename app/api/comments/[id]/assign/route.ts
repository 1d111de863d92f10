import { z } from "zod";
import { ZAssignComment } from "@/lib/schemas/comment-work";
import { route } from "@/server/http/route";
import { assignComment } from "@/server/services/comments/assign-comment";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/assign — set or clear who of the team has a customer's comment
export const POST = route({ can: "comments.assign", params, body: ZAssignComment }, ({ actor, params, body }) => assignComment(actor, params.id, body));
