import { db } from "@/server/db";
import { disconnectUser } from "@/server/realtime/emit";
import type { Actor } from "@/server/services/auth/actor";
import { USER_BANNED, USER_UNBANNED, type TBanUser } from "@/lib/schemas/users";
import { apiUserSelect, toApiUser } from "@/server/services/users/serialize-user";
import { assertCanManage, findVisibleUser } from "@/server/access/users";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * POST /api/auth/ban-user {id, isActive}. The auth layer reads is_active on every request, so a banned
 * user's token stops working on their next call; their open sockets are closed now.
 */
export async function banUser(actor: Actor, { id, isActive }: TBanUser) {
  const target = await findVisibleUser(actor, id);
  assertCanManage(actor, target, "You cannot ban your own account");
  const user = await db.$transaction(async (tx) => {
    const row = await tx.user.update({ where: { id: target.id }, data: { isActive }, select: apiUserSelect });
    if (row.companyId && target.isActive !== isActive) {
      await recordAudit({ companyId: row.companyId, actor, action: isActive ? "user.unbanned" : "user.banned", target: { type: "user", id: row.id, name: row.name } }, tx);
    }
    return row;
  });
  if (!isActive) disconnectUser(target.id);
  return { success: true, message: isActive ? USER_UNBANNED : USER_BANNED, user: toApiUser(user) };
}
