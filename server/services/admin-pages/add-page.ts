import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db-unique";
import { PAGE_ALREADY_EXISTS, type TAddPage } from "@/lib/schemas/pages";
import { encryptSecret } from "@/server/security/secret-box";
import { apiPageSelect, toApiPage } from "@/server/services/admin-pages/serialize-page";
import { ownerAnswersByAssignment, resolvePageOwner } from "@/server/services/admin-pages/page-owner";

/** 400, not 409: the spec's forms look for a 400 containing 'already exists' (SPEC §8). */
export function pageExists() {
  return new AppError("bad_request", PAGE_ALREADY_EXISTS, { fields: { page_id: PAGE_ALREADY_EXISTS } });
}

/**
 * POST /api/pages {name, page_id, user_id, page_access_token}: connect a Facebook page to the company of
 * `user_id`'s user. The token is stored only encrypted and never returned.
 */
export async function addPage(actor: Actor, input: TAddPage) {
  const owner = await resolvePageOwner(actor, input.user_id);
  if (await db.page.findUnique({ where: { facebookPageId: input.page_id }, select: { id: true } })) throw pageExists();
  try {
    const page = await db.page.create({
      data: {
        companyId: owner.companyId,
        ownerId: owner.id,
        facebookPageId: input.page_id,
        name: input.name,
        accessTokenEnc: encryptSecret(input.page_access_token),
        assignments: ownerAnswersByAssignment(owner) ? { create: { userId: owner.id } } : undefined,
      },
      select: apiPageSelect,
    });
    return { success: true, message: "Page added successfully", page: toApiPage(page) };
  } catch (error) {
    if (isUniqueViolation(error)) throw pageExists();
    throw error;
  }
}
