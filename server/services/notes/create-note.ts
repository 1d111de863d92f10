import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TNoteInput } from "@/lib/schemas/notes";
import { findVisibleConversation } from "@/server/access/conversations";
import { noteSelect, toApiNote } from "@/server/services/notes/serialize";

/** POST /api/notes: a note on a conversation the actor sees, written by the actor. */
export async function createNote(actor: Actor, input: TNoteInput) {
  const conversation = await findVisibleConversation(actor, input.conversationId, input.pageId);
  const row = await db.note.create({ data: { pageId: conversation.pageId, conversationId: conversation.id, authorId: actor.id, text: input.note }, select: noteSelect });
  return toApiNote(row);
}
