import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TUpdateEmail } from "@/lib/schemas/users";
import { apiUserSelect, toApiUser } from "@/server/services/users/serialize-user";
import { assertCanManage, visibleUsersWhere } from "@/server/access/users";
import { recordAudit } from "@/server/services/audit/record-audit";
import { withUniqueEmail } from "@/server/services/users/unique-email";

/**
 * PUT /api/users/email {email, newEmail}: the user is named by their current address (PRODUCT §7). The super
 * admin may change anyone's; company roles the users they manage in their company, and their own.
 */
export async function updateEmail(actor: Actor, { email, newEmail }: TUpdateEmail) {
  const target = await db.user.findFirst({ where: { AND: [visibleUsersWhere(actor), { email }] }, select: apiUserSelect });
  if (!target) throw new AppError("not_found", "User not found");
  assertCanManage(actor, target, "allowed");
  // The address may stay the target's own (newEmail === email): that is no conflict.
  const user = await withUniqueEmail({ email: newEmail, field: "newEmail", self: target.id }, () =>
    db.$transaction(async (tx) => {
      const row = await tx.user.update({ where: { id: target.id }, data: { email: newEmail }, select: apiUserSelect });
      if (row.companyId && newEmail !== email) {
        await recordAudit({ companyId: row.companyId, actor, action: "user.updated", target: { type: "user", id: row.id, name: row.name }, details: { field: "email", from: email, to: newEmail } }, tx);
      }
      return row;
    }),
  );
  return { success: true, message: "Email updated successfully", user: toApiUser(user) };
}
