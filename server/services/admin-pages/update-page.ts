import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db-unique";
import type { TUpdatePage } from "@/lib/schemas/pages";
import { encryptSecret } from "@/server/security/secret-box";
import { pageExists } from "@/server/services/admin-pages/add-page";
import { apiPageSelect, toApiPage } from "@/server/services/admin-pages/serialize-page";
import { findManagedPage } from "@/server/services/admin-pages/page-scope";
import { ownerAnswersByAssignment, resolvePageOwner } from "@/server/services/admin-pages/page-owner";

const OTHER_COMPANY = "A page cannot move to another company";

/**
 * PUT /api/pages/{id} {name, page_id, user_id?, page_access_token?}. The token is replaced only when one
 * is sent, and a new token clears a "needs a new token" state left by Facebook's error 190.
 */
export async function updatePage(actor: Actor, id: string, input: TUpdatePage) {
  const page = await findManagedPage(actor, id);
  if (input.page_id !== page.facebookPageId) {
    const clash = await db.page.findUnique({ where: { facebookPageId: input.page_id }, select: { id: true } });
    if (clash) throw pageExists();
  }
  const owner = input.user_id && input.user_id !== page.ownerId ? await resolvePageOwner(actor, input.user_id) : null;
  if (owner && owner.companyId !== page.companyId) throw new AppError("bad_request", OTHER_COMPANY, { fields: { user_id: OTHER_COMPANY } });

  try {
    const updated = await db.page.update({
      where: { id: page.id },
      data: {
        name: input.name,
        facebookPageId: input.page_id,
        ...(owner ? { ownerId: owner.id } : {}),
        ...(input.page_access_token ? { accessTokenEnc: encryptSecret(input.page_access_token), tokenStatus: "valid" as const, tokenErrorAt: null } : {}),
      },
      select: apiPageSelect,
    });
    if (owner && ownerAnswersByAssignment(owner)) {
      await db.pageAssignment.createMany({ data: [{ userId: owner.id, pageId: page.id }], skipDuplicates: true });
    }
    return { success: true, message: "Page updated successfully", page: toApiPage(updated) };
  } catch (error) {
    if (isUniqueViolation(error)) throw pageExists();
    throw error;
  }
}
