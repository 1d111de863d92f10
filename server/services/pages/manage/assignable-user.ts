import type { Actor } from "@/server/services/auth/actor";
import { hasTrait } from "@/lib/access/roles";
import { AppError } from "@/server/http/errors";
import { assertCanManage, findVisibleUser } from "@/server/access/users";

/**
 * The user whose page access is being changed: in the actor's company (404 otherwise), a role the actor
 * manages (a company admin: admins and staff; an admin: staff), and not the actor.
 */
export async function findAssignableUser(actor: Actor, userId: string) {
  const user = await findVisibleUser(actor, userId);
  assertCanManage(actor, user, "You cannot change your own page access");
  // Company admins see every page of their company; only staff and admins work from assignments.
  if (!user.companyId || !hasTrait(user.role, "assignedPages")) {
    throw new AppError("bad_request", "Pages are assigned only to admins and staff");
  }
  return { ...user, companyId: user.companyId };
}
