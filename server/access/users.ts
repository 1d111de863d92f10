import type { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { canManageRole, hasTrait } from "@/lib/access/roles";
import { apiUserSelect, type ApiUserRow } from "@/server/services/users/serialize-user";
import { actorCompanyId } from "@/server/access/company";

// Which users an actor may see and change. The super admin sees everyone; company roles see their own
// company (other companies' ids answer 404, so they reveal nothing). Changing a user also needs the role
// table (canManageRole, lib/access/roles.ts): you manage the roles you may create (the super admin manages everyone).

export function visibleUsersWhere(actor: Actor): Prisma.UserWhereInput {
  return hasTrait(actor.role, "allCompanies") ? {} : { companyId: actorCompanyId(actor) };
}

export async function findVisibleUser(actor: Actor, id: string): Promise<ApiUserRow> {
  const user = isUuid(id) ? await db.user.findFirst({ where: { AND: [visibleUsersWhere(actor), { id }] }, select: apiUserSelect }) : null;
  if (!user) throw new AppError("not_found", "User not found");
  return user;
}

const ROLE_REFUSAL: Record<string, string> = {
  company_admin: "Company admins can manage only the admins and staff of their company",
  admin: "Admins can manage only staff",
};

/**
 * Throws unless the actor may change `target`. `self` is the 400 text for acting on one's own account
 * (nobody deletes or bans themselves), or "allowed" where that is harmless (one's own e-mail).
 */
export function assertCanManage(actor: Actor, target: Pick<ApiUserRow, "id" | "role">, self: string | "allowed"): void {
  if (target.id === actor.id) {
    if (self === "allowed") return;
    throw new AppError("bad_request", self);
  }
  if (!canManageRole(actor.role, target.role)) {
    throw new AppError("forbidden", ROLE_REFUSAL[actor.role] ?? "You don't have permission to manage this user");
  }
}
