import { z } from "zod";
import { route } from "@/server/http/route";
import { removeComment } from "@/server/services/comments/moderate-comment";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// DELETE /api/comments/{id} — delete a comment on Facebook (kept here, marked removed)
export const DELETE = route({ can: "comments.moderate", params }, ({ actor, params }) => removeComment(actor, params.id));
