import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { TOKEN_INVALID } from "@/lib/schemas/pages";
import { decryptSecret } from "@/server/security/secret-box";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { findManagedPage } from "@/server/access/pages";
import { verifyPageToken } from "@/server/services/pages/connection/verify-page-token";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { afterConnect } from "@/server/services/pages/connection/after-connect";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";

/**
 * POST /api/pages/{id}/reconnect: check the stored token with Graph again and subscribe the page again —
 * the way out of "unverified" and "not subscribed", and after Meta dropped a subscription.
 */
export async function reconnectPage(actor: Actor, id: string) {
  const page = await findManagedPage(actor, id);
  await spendGraphBudget({ userId: actor.id, companyId: page.companyId });
  try {
    await verifyPageToken(page.facebookPageId, decryptSecret(page.accessTokenEnc));
  } catch (error) {
    if (error instanceof AppError && error.message === TOKEN_INVALID) await markNeedsToken(page.id, "GET /me");
    throw error;
  }
  await db.page.update({ where: { id: page.id }, data: { tokenStatus: "valid", tokenErrorAt: null, tokenErrorCall: null, verifiedAt: new Date() } });
  await afterConnect(page.id, { importHistory: false });
  const updated = toApiPage(await db.page.findUniqueOrThrow({ where: { id: page.id }, select: apiPageSelect }));
  return { success: true, message: updated.health === "healthy" ? "Page reconnected" : "Page checked; the webhook subscription is being retried", page: updated };
}
