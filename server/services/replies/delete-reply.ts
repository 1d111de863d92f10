import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisibleReply } from "@/server/services/replies/find-reply";

/** DELETE /api/replies/{id}: remove a saved reply from a page the actor sees. */
export async function deleteReply(actor: Actor, id: string) {
  const reply = await findVisibleReply(actor, id);
  await db.savedReply.delete({ where: { id: reply.id } });
  return { success: true };
}
