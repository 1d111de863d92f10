import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { USER_BANNED, USER_UNBANNED, type TBanUser } from "@/lib/schemas/users";
import { apiUserSelect, toApiUser } from "@/server/services/users/serialize-user";
import { assertCanManage, findVisibleUser } from "@/server/services/users/user-scope";

/**
 * POST /api/auth/ban-user {id, isActive}. Nothing else is needed to end a banned user's session: the
 * auth layer reads is_active on every request, so their token stops working on their next call.
 */
export async function banUser(actor: Actor, { id, isActive }: TBanUser) {
  const target = await findVisibleUser(actor, id);
  assertCanManage(actor, target, "You cannot ban your own account");
  const user = await db.user.update({ where: { id: target.id }, data: { isActive }, select: apiUserSelect });
  return { success: true, message: isActive ? USER_UNBANNED : USER_BANNED, user: toApiUser(user) };
}
