import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TSavedReply } from "@/lib/schemas/replies";
import { findVisiblePage } from "@/server/access/pages";
import { replySelect, toApiReply } from "@/server/services/replies/serialize";

/** POST /api/replies: a saved reply on a page the actor sees. */
export async function createReply(actor: Actor, input: TSavedReply) {
  const page = await findVisiblePage(actor, input.page_id);
  const row = await db.savedReply.create({ data: { pageId: page.id, shortcut: input.shortcut, message: input.message, createdById: actor.id }, select: replySelect });
  return toApiReply(row);
}
