import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { can } from "@/lib/access/permissions";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";

/**
 * The note an edit or delete targets. A note the actor cannot see — another company's, a page they are
 * not assigned to, or not in the conversation named — is 404; one they see but did not write is 403
 * unless they are an admin of its company (the page scope already proves the company).
 */
export async function findEditableNote(actor: Actor, id: string, ref?: { pageId: string; conversationId: string }) {
  const note =
    isUuid(id) && (!ref || isUuid(ref.conversationId))
      ? await db.note.findFirst({
          where: { id, ...(ref ? { conversationId: ref.conversationId } : {}), page: { AND: [visiblePagesWhere(actor), ...(ref ? [pageIdWhere(ref.pageId)] : [])] } },
          select: { id: true, authorId: true },
        })
      : null;
  if (!note) throw new AppError("not_found", "Note not found");
  if (note.authorId !== actor.id && !can(actor.role, "notes.edit-any")) throw new AppError("forbidden", "Only the note's author or an admin can change it");
  return note;
}
