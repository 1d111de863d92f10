import { db } from "@/server/db";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { subscribeApp } from "@/server/integrations/meta/graph-pages";
import { decryptSecret } from "@/server/security/secret-box";
import { enqueueSubscribePage } from "@/server/services/pages/queue";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { logger } from "@/server/observability/log";

export type SubscribeOutcome = { ok: true } | { ok: false; error: string; retry: boolean };

/**
 * POST /{page-id}/subscribed_apps for one page and records the outcome on it (subscribedAt, or the error
 * shown on the Page screen). A 190 flips the page to needs_token; retrying that is pointless until a new
 * token arrives, so only other failures are worth a retry.
 */
export async function subscribePage(pageId: string): Promise<SubscribeOutcome> {
  const page = await db.page.findUnique({ where: { id: pageId }, select: { facebookPageId: true, accessTokenEnc: true } });
  if (!page) return { ok: false, error: "Page not found", retry: false };
  try {
    await subscribeApp(page.facebookPageId, decryptSecret(page.accessTokenEnc));
    await db.page.updateMany({ where: { id: pageId }, data: { subscribedAt: new Date(), subscriptionError: null } });
    return { ok: true };
  } catch (error) {
    const tokenInvalid = error instanceof GraphError && error.kind === "token_invalid";
    if (tokenInvalid) await markNeedsToken(pageId, "POST /subscribed_apps");
    const message = `Subscribing to the page's webhooks failed: ${(error as Error).message}`.slice(0, 500);
    await db.page.updateMany({ where: { id: pageId }, data: { subscribedAt: null, subscriptionError: message } });
    return { ok: false, error: message, retry: !tokenInvalid };
  }
}

/** Subscribes now; a failure that may pass is handed to the retry job instead of being dropped. */
export async function subscribeOrRetry(pageId: string): Promise<SubscribeOutcome> {
  const outcome = await subscribePage(pageId);
  if (!outcome.ok && outcome.retry) {
    await enqueueSubscribePage(pageId).catch((error: Error) => logger().error(`page ${pageId}: could not queue the subscription retry: ${error.message}`));
  }
  return outcome;
}
