import { db } from "@/server/db";
import { logger } from "@/server/observability/log";
import { env } from "@/server/env";
import { enqueueImportHistory } from "@/server/services/pages/queue";
import { subscribeOrRetry } from "@/server/services/pages/connection/subscribe-page";
import { checkHandoverRole } from "@/server/services/handover/page-role";
import { linkInstagramAccount } from "@/server/services/pages/instagram/link-instagram";

/**
 * What follows every successful connect (manual form, Reconnect, Connect with Facebook): subscribe the
 * app to the Page's webhooks (retried by a job when it fails) and, for a new page, import its recent
 * conversations, learn its handover role and the Instagram account linked to it (Instagram stays off until
 * a company admin turns it on). None can undo the connect: their state shows on the Page.
 */
export async function afterConnect(pageId: string, { importHistory }: { importHistory: boolean }): Promise<void> {
  await subscribeOrRetry(pageId);
  await checkHandoverRole(pageId).catch((error: Error) => logger().warn({ pageId, err: error.message }, "handover role not checked"));
  await linkInstagramAccount(pageId).catch((error: Error) => logger().warn({ pageId, err: error.message }, "instagram account not checked"));
  if (!importHistory) return;
  // Shown as "Importing history… 0/100" from the first screen after connecting, before the worker starts.
  await db.page.update({ where: { id: pageId }, data: { importState: "running", importDone: 0, importTotal: env().IMPORT_CONVERSATIONS } });
  await enqueueImportHistory(pageId).catch((error: Error) => logger().error(`page ${pageId}: could not queue the history import: ${error.message}`));
}
