import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { announceCommentNote } from "@/server/services/comment-notes/announce";
import { findEditableCommentNote } from "@/server/services/comment-notes/find-editable-comment-note";
import { commentNoteSelect, toApiCommentNote } from "@/server/services/comment-notes/serialize";

/** DELETE /api/comment-notes/{id}: by its author or an admin of the company. */
export async function deleteCommentNote(actor: Actor, id: string) {
  const found = await findEditableCommentNote(actor, id);
  const row = await db.commentNote.delete({ where: { id: found.id }, select: commentNoteSelect });
  await announceCommentNote(toApiCommentNote(row), "deleted");
  return { success: true };
}
