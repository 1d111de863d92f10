import { db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/unique";
import { logger } from "@/server/observability/log";
import { decryptSecret } from "@/server/security/secret-box";
import { fetchLinkedInstagramAccount } from "@/server/integrations/meta/graph-instagram";
import { INSTAGRAM_NOT_LINKED, INSTAGRAM_NOT_PERMITTED } from "@/lib/schemas/instagram";
import { cachedDebugToken } from "@/server/services/pages/connection/verify-page-token";

export type LinkOutcome = "linked" | "not_linked" | "failed";

/**
 * Asks Graph which Instagram professional account is linked to the Page (on every connect, and when a
 * company admin checks again) and records it: id, username, picture, when it was checked. A Page whose
 * link is gone or whose token may not read it keeps its row (and its Instagram conversations) with the
 * reason in check_error, shown on its health panel. Whether Instagram is on stays the admin's choice.
 */
export async function linkInstagramAccount(pageId: string): Promise<LinkOutcome> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { facebookPageId: true, accessTokenEnc: true } });
  if (!page) return "failed";
  const now = new Date();
  const token = decryptSecret(page.accessTokenEnc);
  let account;
  try {
    account = await fetchLinkedInstagramAccount(page.facebookPageId, token);
  } catch (error) {
    const reason = `Facebook did not name the Page's Instagram account: ${(error as Error).message}`.slice(0, 500);
    await db.instagramAccount.updateMany({ where: { pageId }, data: { checkedAt: now, checkError: reason } });
    logger().warn({ pageId, err: (error as Error).message }, "instagram account not checked");
    return "failed";
  }
  if (!account) {
    await db.instagramAccount.updateMany({ where: { pageId }, data: { checkedAt: now, checkError: INSTAGRAM_NOT_LINKED } });
    return "not_linked";
  }
  const fields = { instagramId: account.id, username: account.username, pictureUrl: account.pictureUrl, checkedAt: now, checkError: await scopeError(token) };
  try {
    await db.instagramAccount.upsert({ where: { pageId }, create: { pageId, ...fields }, update: fields });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Meta links an Instagram account to one Page; another of our Pages still holding it was linked before.
    const reason = "This Instagram account is recorded on another connected Page. Check that Page again first.";
    await db.instagramAccount.updateMany({ where: { pageId }, data: { checkedAt: now, checkError: reason } });
    return "failed";
  }
  return "linked";
}

/**
 * Whether the token may answer Instagram Direct is in its granted scopes (debug_token, cached a minute
 * and already asked by the connect's token check): reading the linked account only needs instagram_basic.
 * Without an App ID or an answer, the lookup that just succeeded is all we know.
 */
async function scopeError(token: string): Promise<string | null> {
  const debug = await cachedDebugToken(token).catch(() => null);
  return debug && !debug.scopes.includes("instagram_manage_messages") ? INSTAGRAM_NOT_PERMITTED : null;
}
