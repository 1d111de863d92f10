import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findManagedPage } from "@/server/access/pages";
import { enqueueImportHistory } from "@/server/services/pages/queue";
import { logger } from "@/server/observability/log";
import { INSTAGRAM_NOT_LINKED, type ApiInstagramAccount, type TSetInstagram } from "@/lib/schemas/instagram";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { linkInstagramAccount } from "@/server/services/pages/instagram/link-instagram";
import { instagramSelect, toApiInstagram } from "@/server/services/pages/instagram/serialize-instagram";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * PUT /api/pages/{id}/instagram {enabled}: a company admin turns Instagram Direct on or off for a Page
 * whose linked account is known. Off: its webhooks are acknowledged and ignored, its conversations stay.
 * Turned on: its recent conversations are imported, as a newly connected Page's are (Instagram is off at
 * connect, so this is when its history can come in).
 */
export async function setInstagramEnabled(actor: Actor, id: string, input: TSetInstagram): Promise<ApiInstagramAccount> {
  const page = await findManagedPage(actor, id);
  const before = await db.instagramAccount.findUnique({ where: { pageId: page.id }, select: { enabled: true } });
  if (!before) throw new AppError("unprocessable", INSTAGRAM_NOT_LINKED);
  await db.$transaction(async (tx) => {
    await tx.instagramAccount.update({ where: { pageId: page.id }, data: { enabled: input.enabled } });
    if (before.enabled !== input.enabled) {
      await recordAudit({ companyId: page.companyId, actor, action: "page.instagram_changed", target: { type: "page", id: page.id, name: page.name }, details: { from: before.enabled, to: input.enabled } }, tx);
    }
  });
  // Only the switch from off to on imports (keyed by Meta's ids, a second import adds nothing anyway).
  if (input.enabled && !before.enabled) await enqueueImportHistory(page.id, ["instagram"]).catch((error: Error) => logger().error(`page ${page.id}: could not queue the Instagram history import: ${error.message}`));
  return currentInstagram(page.id, page.subscribedAt);
}

/** POST /api/pages/{id}/instagram: ask Graph again which Instagram account is linked to the Page. */
export async function checkInstagramAgain(actor: Actor, id: string): Promise<ApiInstagramAccount> {
  const page = await findManagedPage(actor, id);
  await spendGraphBudget({ userId: actor.id, companyId: page.companyId });
  const outcome = await linkInstagramAccount(page.id);
  const account = await db.instagramAccount.findUnique({ where: { pageId: page.id }, select: instagramSelect });
  if (!account) throw new AppError(outcome === "not_linked" ? "unprocessable" : "bad_gateway", outcome === "not_linked" ? INSTAGRAM_NOT_LINKED : "Facebook did not name the Page's Instagram account. Please try again in a moment.");
  return toApiInstagram(account, page.subscribedAt)!;
}

async function currentInstagram(pageId: string, subscribedAt: Date | null): Promise<ApiInstagramAccount> {
  const row = await db.instagramAccount.findUniqueOrThrow({ where: { pageId }, select: instagramSelect });
  return toApiInstagram(row, subscribedAt)!;
}
