import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TSavedReply } from "@/lib/schemas/replies";
import { findVisibleReply } from "@/server/services/replies/find-reply";
import { replySelect, toApiReply } from "@/server/services/replies/serialize";

/** PUT /api/replies/{id}: change shortcut and message; page_id must be the reply's own page. */
export async function updateReply(actor: Actor, id: string, input: TSavedReply) {
  const reply = await findVisibleReply(actor, id, input.page_id);
  const row = await db.savedReply.update({ where: { id: reply.id }, data: { shortcut: input.shortcut, message: input.message }, select: replySelect });
  return toApiReply(row);
}
