import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TNoteInput } from "@/lib/schemas/notes";
import { findEditableNote } from "@/server/services/notes/find-editable-note";
import { noteSelect, toApiNote } from "@/server/services/notes/serialize";

/** PUT /api/notes/{id}: change the text; pageId and conversationId must name the note's own conversation. */
export async function updateNote(actor: Actor, id: string, input: TNoteInput) {
  const note = await findEditableNote(actor, id, input);
  const row = await db.note.update({ where: { id: note.id }, data: { text: input.note }, select: noteSelect });
  return toApiNote(row);
}
