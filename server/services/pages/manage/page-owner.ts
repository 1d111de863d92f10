import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { PAGE_OWNER_REQUIRED } from "@/lib/schemas/pages";
import { findVisibleUser } from "@/server/access/users";
import { hasTrait } from "@/lib/access/roles";

const NO_COMPANY = "Pages belong to a company; choose a user of a company";

export type PageOwner = { id: string; role: string; companyId: string };

/**
 * The user a page is added for (SPEC `user_id`), which decides the page's company. The super admin must
 * name one (the /{userId}/add-page screen); a company admin may name a user of their company or no one
 * (the page is then theirs).
 */
export async function resolvePageOwner(actor: Actor, userId: string | undefined): Promise<PageOwner> {
  if (!userId) {
    if (!actor.companyId) throw new AppError("bad_request", PAGE_OWNER_REQUIRED, { fields: { user_id: PAGE_OWNER_REQUIRED } });
    return { id: actor.id, role: actor.role, companyId: actor.companyId };
  }
  const user = await findVisibleUser(actor, userId);
  if (!user.companyId) throw new AppError("bad_request", NO_COMPANY, { fields: { user_id: NO_COMPANY } });
  return { id: user.id, role: user.role, companyId: user.companyId };
}

/** Staff and admins answer only assigned pages, so a page added for one of them is also assigned to them. */
export function ownerAnswersByAssignment(owner: PageOwner): boolean {
  return hasTrait(owner.role, "assignedPages");
}
