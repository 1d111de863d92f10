import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TCommentNoteInput } from "@/lib/schemas/comment-teamwork";
import { findVisibleComment } from "@/server/access/comments";
import { announceCommentNote } from "@/server/services/comment-notes/announce";
import { commentNoteSelect, toApiCommentNote } from "@/server/services/comment-notes/serialize";

/**
 * POST /api/comments/{id}/notes: a note on a comment the actor sees, written by the actor. A removed comment
 * keeps taking notes: what the team knows of the person does not go with the comment.
 */
export async function createCommentNote(actor: Actor, commentId: string, input: TCommentNoteInput) {
  const comment = await findVisibleComment(actor, commentId);
  const row = await db.commentNote.create({ data: { pageId: comment.page.id, commentId: comment.id, authorId: actor.id, text: input.text }, select: commentNoteSelect });
  const note = toApiCommentNote(row);
  await announceCommentNote(note, "added");
  return note;
}
