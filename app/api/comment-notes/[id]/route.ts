import { z } from "zod";
import { ZCommentNoteInput } from "@/lib/schemas/comment-teamwork";
import { route } from "@/server/http/route";
import { updateCommentNote } from "@/server/services/comment-notes/update-comment-note";
import { deleteCommentNote } from "@/server/services/comment-notes/delete-comment-note";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// PATCH /api/comment-notes/{id} — edit a note on a comment (its author or an admin)
export const PATCH = route({ can: "notes.write", params, body: ZCommentNoteInput }, ({ actor, params, body }) => updateCommentNote(actor, params.id, body));

// DELETE /api/comment-notes/{id} — delete a note on a comment (its author or an admin)
export const DELETE = route({ can: "notes.write", params }, ({ actor, params }) => deleteCommentNote(actor, params.id));
