import { z } from "zod";
import { ZCommentNoteInput } from "@/lib/schemas/comment-teamwork";
import { route } from "@/server/http/route";
import { listCommentNotes } from "@/server/services/comment-notes/list-comment-notes";
import { createCommentNote } from "@/server/services/comment-notes/create-comment-note";

const params = z.object({ id: z.string().trim().min(1).max(100) });

// GET /api/comments/{id}/notes — the team's private notes on a comment, newest first
export const GET = route({ can: "comments.read", params }, ({ actor, params }) => listCommentNotes(actor, params.id));

// POST /api/comments/{id}/notes — add a private note to a comment
export const POST = route({ can: "notes.write", params, body: ZCommentNoteInput }, ({ actor, params, body }) => createCommentNote(actor, params.id, body));
