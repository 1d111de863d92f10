import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { findManagedPage } from "@/server/services/admin-pages/page-scope";

/**
 * DELETE /api/pages/{id}. The page's customers, conversations, messages, labels, tags, notes, saved
 * replies, assignments and offers go with it (foreign-key cascade); violations and sheet entries stay
 * with the copied page name.
 */
export async function deletePage(actor: Actor, id: string) {
  const page = await findManagedPage(actor, id);
  await db.page.delete({ where: { id: page.id } });
  return { success: true, message: "Page deleted successfully" };
}
