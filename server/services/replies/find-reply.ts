import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";

/** A saved reply on a page the actor sees (and on `pageId` when given — replies do not move between pages), or 404. */
export async function findVisibleReply(actor: Actor, id: string, pageId?: string) {
  const reply = isUuid(id)
    ? await db.savedReply.findFirst({ where: { id, page: { AND: [visiblePagesWhere(actor), ...(pageId ? [pageIdWhere(pageId)] : [])] } }, select: { id: true } })
    : null;
  if (!reply) throw new AppError("not_found", "Saved reply not found");
  return reply;
}
