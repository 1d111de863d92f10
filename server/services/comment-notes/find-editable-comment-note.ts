import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { can } from "@/lib/access/permissions";
import { visiblePagesWhere } from "@/server/access/pages";

/**
 * The comment note an edit or delete targets, by the rule of a conversation's notes (find-editable-note.ts):
 * one the actor cannot see (another company's, a Page they are not assigned to) is 404; one they see but did
 * not write is 403 unless they are an admin of its company (the page scope already proves the company).
 */
export async function findEditableCommentNote(actor: Actor, id: string) {
  const note = isUuid(id) ? await db.commentNote.findFirst({ where: { id, page: visiblePagesWhere(actor) }, select: { id: true, authorId: true } }) : null;
  if (!note) throw new AppError("not_found", "Note not found");
  if (note.authorId !== actor.id && !can(actor.role, "notes.edit-any")) throw new AppError("forbidden", "Only the note's author or an admin can change it");
  return note;
}
