import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TChangePassword } from "@/lib/schemas/users";
import { hashPassword, verifyPassword } from "@/server/services/users/password";

const CURRENT_REQUIRED = "Current password is required";
const CURRENT_WRONG = "Current password is incorrect";

/**
 * POST /api/auth/change-password for the signed-in user. Accounts that never had a password (sign-in is
 * by e-mail code) set one without a current password; once set, the current one must be given.
 */
export async function changePassword(actor: Actor, { currentPassword, newPassword }: TChangePassword) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { passwordHash: true } });
  if (user.passwordHash) {
    if (!currentPassword) throw new AppError("bad_request", CURRENT_REQUIRED, { fields: { currentPassword: CURRENT_REQUIRED } });
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      // 400, not 401/403: the client signs out on those, and a typo should not end the session.
      throw new AppError("bad_request", CURRENT_WRONG, { fields: { currentPassword: CURRENT_WRONG } });
    }
  }
  await db.user.update({ where: { id: actor.id }, data: { passwordHash: await hashPassword(newPassword) } });
  return { success: true, message: "Password changed successfully" };
}
