import { z } from "zod";
import { ZCommenterLabelAdd, ZCommenterLabelRemove } from "@/lib/schemas/comment-teamwork";
import { route } from "@/server/http/route";
import { addCommenterLabel, removeCommenterLabel } from "@/server/services/commenter-labels/change-commenter-labels";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// POST /api/comments/{id}/labels — put a label on the comment's author (shown on all their comments on the Page)
export const POST = route({ can: "labels.use", params, body: ZCommenterLabelAdd }, ({ actor, params, body }) => addCommenterLabel(actor, params.id, body));

// DELETE /api/comments/{id}/labels?name= — take a label off the comment's author
export const DELETE = route({ can: "labels.use", params, query: ZCommenterLabelRemove }, ({ actor, params, query }) => removeCommenterLabel(actor, params.id, query.name));
