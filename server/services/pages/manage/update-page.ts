import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUniqueViolation } from "@/server/db/unique";
import type { TUpdatePage } from "@/lib/schemas/pages";
import { encryptSecret } from "@/server/security/secret-box";
import { pageExists } from "@/server/services/pages/manage/add-page";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { findManagedPage } from "@/server/access/pages";
import { ownerAnswersByAssignment, resolvePageOwner } from "@/server/services/pages/manage/page-owner";
import { decryptSecret } from "@/server/security/secret-box";
import { verifyPageToken } from "@/server/services/pages/connection/verify-page-token";
import { afterConnect } from "@/server/services/pages/connection/after-connect";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { recordAudit } from "@/server/services/audit/record-audit";

const OTHER_COMPANY = "A page cannot move to another company";

/**
 * PUT /api/pages/{id} {name, page_id, user_id?, page_access_token?}. The token is replaced only when one
 * is sent. A new token or a new page id is checked with Graph first (nothing changes unless the token is
 * that Page's); it then clears a "needs a new token" state and the page is subscribed again.
 */
export async function updatePage(actor: Actor, id: string, input: TUpdatePage) {
  const page = await findManagedPage(actor, id);
  const reconnect = Boolean(input.page_access_token) || input.page_id !== page.facebookPageId;
  // The token is checked before the duplicate test (as when adding a page): only someone holding that
  // Page's token learns that it is connected elsewhere; a made-up id learns nothing.
  if (reconnect) {
    await spendGraphBudget({ userId: actor.id, companyId: page.companyId });
    await verifyPageToken(input.page_id, input.page_access_token ?? decryptSecret(page.accessTokenEnc));
  }
  if (input.page_id !== page.facebookPageId) {
    const clash = await db.page.findUnique({ where: { facebookPageId: input.page_id }, select: { id: true } });
    if (clash) throw pageExists();
  }
  const owner = input.user_id && input.user_id !== page.ownerId ? await resolvePageOwner(actor, input.user_id) : null;
  if (owner && owner.companyId !== page.companyId) throw new AppError("bad_request", OTHER_COMPANY, { fields: { user_id: OTHER_COMPANY } });

  // What the log says changed; the token itself never goes in (only that a new one was given).
  const changes = {
    ...(input.name !== page.name ? { name: { from: page.name, to: input.name } } : {}),
    ...(input.page_id !== page.facebookPageId ? { facebookPageId: { from: page.facebookPageId, to: input.page_id } } : {}),
    ...(owner ? { ownerChanged: true } : {}),
    ...(input.page_access_token ? { tokenReplaced: true } : {}),
  };
  try {
    const updated = await db.page.update({
      where: { id: page.id },
      data: {
        name: input.name,
        facebookPageId: input.page_id,
        ...(owner ? { ownerId: owner.id } : {}),
        ...(input.page_access_token ? { accessTokenEnc: encryptSecret(input.page_access_token) } : {}),
        ...(reconnect ? { tokenStatus: "valid" as const, tokenErrorAt: null, tokenErrorCall: null, verifiedAt: new Date() } : {}),
      },
      select: { id: true },
    });
    if (Object.keys(changes).length) await recordAudit({ companyId: page.companyId, actor, action: "page.updated", target: { type: "page", id: page.id, name: input.name }, details: changes });
    if (reconnect) await afterConnect(page.id, { importHistory: false });
    if (owner && ownerAnswersByAssignment(owner)) {
      await db.pageAssignment.createMany({ data: [{ userId: owner.id, pageId: page.id }], skipDuplicates: true });
    }
    return { success: true, message: "Page updated successfully", page: toApiPage(await db.page.findUniqueOrThrow({ where: { id: updated.id }, select: apiPageSelect })) };
  } catch (error) {
    if (isUniqueViolation(error)) throw pageExists();
    throw error;
  }
}
