import { db } from "@/server/db";
import { disconnectUser } from "@/server/realtime/emit";
import type { Actor } from "@/server/services/auth/actor";
import { assertCanManage, findVisibleUser } from "@/server/access/users";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * DELETE /api/users/{id}. The schema's foreign keys decide what stays: page assignments go with the user;
 * pages they own stay (owner cleared); their notes, sent messages, labels, replies, offers and sheet
 * entries stay with the author cleared; violations keep the copied user name.
 */
export async function deleteUser(actor: Actor, id: string) {
  const target = await findVisibleUser(actor, id);
  assertCanManage(actor, target, "You cannot delete your own account");
  const companyId = target.companyId;
  await db.$transaction(async (tx) => {
    await tx.user.delete({ where: { id: target.id } });
    // The entry keeps the name: the user row it points at is gone.
    if (companyId) await recordAudit({ companyId, actor, action: "user.deleted", target: { type: "user", id: target.id, name: target.name }, details: { role: target.role, email: target.email } }, tx);
  });
  disconnectUser(target.id);
  return { success: true, message: "User deleted successfully" };
}
