import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisibleComment } from "@/server/access/comments";
import { commentNoteSelect, toApiCommentNote } from "@/server/services/comment-notes/serialize";

/** GET /api/comments/{id}/notes: the comment's notes, newest first (as a conversation's, server/services/notes). */
export async function listCommentNotes(actor: Actor, commentId: string) {
  const comment = await findVisibleComment(actor, commentId);
  const rows = await db.commentNote.findMany({ where: { commentId: comment.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: commentNoteSelect });
  return rows.map(toApiCommentNote);
}
