import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TCommentNoteInput } from "@/lib/schemas/comment-teamwork";
import { announceCommentNote } from "@/server/services/comment-notes/announce";
import { findEditableCommentNote } from "@/server/services/comment-notes/find-editable-comment-note";
import { commentNoteSelect, toApiCommentNote } from "@/server/services/comment-notes/serialize";

/** PATCH /api/comment-notes/{id}: change the text (its author, or an admin). */
export async function updateCommentNote(actor: Actor, id: string, input: TCommentNoteInput) {
  const found = await findEditableCommentNote(actor, id);
  const row = await db.commentNote.update({ where: { id: found.id }, data: { text: input.text }, select: commentNoteSelect });
  const note = toApiCommentNote(row);
  await announceCommentNote(note, "updated");
  return note;
}
