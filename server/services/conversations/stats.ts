import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { findVisiblePage, visiblePagesWhere } from "@/server/access/pages";

/** GET /api/conversations/stats: {total, important, spam} for one page, or every page the actor sees. */
export async function conversationStats(actor: Actor, pageId?: string) {
  const pageWhere = pageId ? { id: (await findVisiblePage(actor, pageId)).id } : visiblePagesWhere(actor);
  const [total, important, spam] = await Promise.all([
    db.conversation.count({ where: { page: pageWhere } }),
    db.conversation.count({ where: { page: pageWhere, isImportant: true } }),
    db.conversation.count({ where: { page: pageWhere, isSpam: true } }),
  ]);
  return { total, important, spam };
}
