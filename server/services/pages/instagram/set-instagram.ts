import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { findManagedPage } from "@/server/access/pages";
import { INSTAGRAM_NOT_LINKED, type ApiInstagramAccount, type TSetInstagram } from "@/lib/schemas/instagram";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { linkInstagramAccount } from "@/server/services/pages/instagram/link-instagram";
import { instagramSelect, toApiInstagram } from "@/server/services/pages/instagram/serialize-instagram";

/**
 * PUT /api/pages/{id}/instagram {enabled}: a company admin turns Instagram Direct on or off for a Page
 * whose linked account is known. Off: its webhooks are acknowledged and ignored, its conversations stay.
 */
export async function setInstagramEnabled(actor: Actor, id: string, input: TSetInstagram): Promise<ApiInstagramAccount> {
  const page = await findManagedPage(actor, id);
  const { count } = await db.instagramAccount.updateMany({ where: { pageId: page.id }, data: { enabled: input.enabled } });
  if (count === 0) throw new AppError("unprocessable", INSTAGRAM_NOT_LINKED);
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
