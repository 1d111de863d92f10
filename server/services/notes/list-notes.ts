import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TNotesQuery } from "@/lib/schemas/notes";
import { findVisibleConversation } from "@/server/access/conversations";
import { noteSelect, toApiNote } from "@/server/services/notes/serialize";

/** GET /api/notes?pageId&conversationId: the conversation's notes, newest first. */
export async function listNotes(actor: Actor, query: TNotesQuery) {
  const conversation = await findVisibleConversation(actor, query.conversationId, query.pageId);
  const rows = await db.note.findMany({ where: { conversationId: conversation.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: noteSelect });
  return rows.map(toApiNote);
}
