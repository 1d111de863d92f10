import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { visiblePagesWhere } from "@/server/access/pages";
import { publishTagsOf } from "@/server/services/labels/conversation-tags";

/**
 * DELETE /api/labels/{id}: remove a label and take it off everyone. Linked tags go by the foreign key's
 * cascade; tags that were assigned by name before the label existed (no labelId) go by name.
 */
export async function deleteLabel(actor: Actor, id: string) {
  const label = isUuid(id) ? await db.label.findFirst({ where: { id, page: visiblePagesWhere(actor) } }) : null;
  if (!label) throw new AppError("not_found", "Label not found");

  const tagWhere = { pageId: label.pageId, OR: [{ labelId: label.id }, { labelId: null, name: label.name.toLowerCase() }] };
  const affected = await db.$transaction(async (tx) => {
    const tags = await tx.customerTag.findMany({ where: tagWhere, select: { conversationId: true } });
    await tx.customerTag.deleteMany({ where: tagWhere });
    // Commenters' labels by name too (the linked ones go by the cascade); the comments view shows it on its next load.
    await tx.commenterTag.deleteMany({ where: tagWhere });
    await tx.label.delete({ where: { id: label.id } });
    return [...new Set(tags.map((t) => t.conversationId))];
  });
  await publishTagsOf(affected);
  return { success: true };
}
