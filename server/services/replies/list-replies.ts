import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisiblePage } from "@/server/access/pages";
import { replySelect, toApiReply } from "@/server/services/replies/serialize";

/** GET /api/replies/{pageId}: the page's saved replies, newest first. */
export async function listReplies(actor: Actor, pageId: string) {
  const page = await findVisiblePage(actor, pageId);
  const rows = await db.savedReply.findMany({ where: { pageId: page.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: replySelect });
  return rows.map(toApiReply);
}
