import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findEditableNote } from "@/server/services/notes/find-editable-note";

/** DELETE /api/notes/{id}: by its author or an admin of the company. */
export async function deleteNote(actor: Actor, id: string) {
  const note = await findEditableNote(actor, id);
  await db.note.delete({ where: { id: note.id } });
  return { success: true };
}
