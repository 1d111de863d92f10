import { db } from "@/server/db";
import { isUniqueViolation } from "@/server/db/unique";
import { logger } from "@/server/observability/log";
import { decryptSecret } from "@/server/security/secret-box";
import { fetchLinkedInstagramAccount } from "@/server/integrations/meta/graph-instagram";
import { INSTAGRAM_NOT_LINKED } from "@/lib/schemas/instagram";

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
  let account;
  try {
    account = await fetchLinkedInstagramAccount(page.facebookPageId, decryptSecret(page.accessTokenEnc));
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
  const fields = { instagramId: account.id, username: account.username, pictureUrl: account.pictureUrl, checkedAt: now, checkError: null };
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
