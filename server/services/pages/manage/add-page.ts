import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db/unique";
import { PAGE_ALREADY_EXISTS, type TAddPage } from "@/lib/schemas/pages";
import { encryptSecret } from "@/server/security/secret-box";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { ownerAnswersByAssignment, resolvePageOwner, type PageOwner } from "@/server/services/pages/manage/page-owner";
import { verifyPageToken } from "@/server/services/pages/connection/verify-page-token";
import { afterConnect } from "@/server/services/pages/connection/after-connect";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { recordAudit } from "@/server/services/audit/record-audit";

/** 400, not 409: the spec's forms look for a 400 containing 'already exists' (PRODUCT §8). */
export function pageExists() {
  return new AppError("bad_request", PAGE_ALREADY_EXISTS, { fields: { page_id: PAGE_ALREADY_EXISTS } });
}

/**
 * Stores a page whose token Graph has just confirmed, then subscribes it and queues its history import.
 * Shared by the manual form and Connect with Facebook; `actor` is who connected it (the audit log's Who).
 */
export async function createVerifiedPage(actor: Actor, owner: PageOwner, input: { facebookPageId: string; name: string; token: string }) {
  try {
    const page = await db.$transaction(async (tx) => {
      const row = await tx.page.create({
        data: {
          companyId: owner.companyId,
          ownerId: owner.id,
          facebookPageId: input.facebookPageId,
          name: input.name,
          accessTokenEnc: encryptSecret(input.token),
          verifiedAt: new Date(),
          assignments: ownerAnswersByAssignment(owner) ? { create: { userId: owner.id } } : undefined,
        },
        select: { id: true },
      });
      const target = { type: "page" as const, id: row.id, name: input.name };
      await recordAudit({ companyId: owner.companyId, actor, action: "page.connected", target, details: { facebookPageId: input.facebookPageId } }, tx);
      return row;
    });
    await afterConnect(page.id, { importHistory: true });
    return toApiPage(await db.page.findUniqueOrThrow({ where: { id: page.id }, select: apiPageSelect }));
  } catch (error) {
    if (isUniqueViolation(error)) throw pageExists();
    throw error;
  }
}

/**
 * POST /api/pages {name, page_id, user_id, page_access_token}: connect a Facebook page to the company of
 * `user_id`'s user. Graph must first confirm that the token is this Page's (otherwise nothing is saved);
 * the token is stored only encrypted and never returned.
 */
export async function addPage(actor: Actor, input: TAddPage) {
  const owner = await resolvePageOwner(actor, input.user_id);
  await spendGraphBudget({ userId: actor.id, companyId: owner.companyId });
  // The token is checked before the duplicate test, so a made-up token learns nothing about which pages
  // other companies have connected.
  await verifyPageToken(input.page_id, input.page_access_token);
  if (await db.page.findUnique({ where: { facebookPageId: input.page_id }, select: { id: true } })) throw pageExists();
  const page = await createVerifiedPage(actor, owner, { facebookPageId: input.page_id, name: input.name, token: input.page_access_token });
  return { success: true, message: "Page added successfully", page };
}
