import { db } from "@/server/db";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { fetchTokenOwner } from "@/server/integrations/meta/graph-pages";
import { decryptSecret } from "@/server/security/secret-box";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { subscribePage } from "@/server/services/pages/connection/subscribe-page";
import { checkHandoverRole } from "@/server/services/handover/page-role";

export type RecheckSummary = { checked: number; healthy: number; needsToken: number; unreachable: number };

/**
 * The daily token check: GET /me with every page's token. A token Graph still accepts for that Page is
 * (re)confirmed — legacy "unverified" rows become verified, and a page left without a subscription is
 * subscribed again, and its handover role is read again; a 190 flips the page to needs_token (one e-mail). A Graph outage changes nothing.
 */
export async function recheckPageTokens(): Promise<RecheckSummary> {
  const summary: RecheckSummary = { checked: 0, healthy: 0, needsToken: 0, unreachable: 0 };
  const pages = await db.page.findMany({ select: { id: true, facebookPageId: true, accessTokenEnc: true, subscribedAt: true }, orderBy: { createdAt: "asc" } });
  for (const page of pages) {
    summary.checked++;
    try {
      const owner = await fetchTokenOwner(decryptSecret(page.accessTokenEnc));
      if (owner.id !== page.facebookPageId) {
        await markNeedsToken(page.id, "GET /me (token of another page)");
        summary.needsToken++;
        continue;
      }
      await db.page.update({ where: { id: page.id }, data: { verifiedAt: new Date(), tokenStatus: "valid", tokenErrorAt: null, tokenErrorCall: null } });
      if (!page.subscribedAt) await subscribePage(page.id);
      await checkHandoverRole(page.id);
      summary.healthy++;
    } catch (error) {
      if (error instanceof GraphError && error.kind === "token_invalid") {
        await markNeedsToken(page.id, "GET /me (daily check)");
        summary.needsToken++;
      } else {
        summary.unreachable++;
      }
    }
  }
  return summary;
}
