import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { unsubscribeApp } from "@/server/integrations/meta/graph-pages";
import { decryptSecret } from "@/server/security/secret-box";
import { enqueueUnsubscribePage } from "@/server/services/pages/queue";
import { findManagedPage } from "@/server/access/pages";
import { recordAudit } from "@/server/services/audit/record-audit";

/**
 * DELETE /api/pages/{id}. First the app's webhook subscription is removed (DELETE /{page-id}/subscribed_apps),
 * then the page's customers, conversations, messages, labels, tags, notes, saved replies, assignments and
 * offers go with it (foreign-key cascade); violations and sheet entries stay with the copied page name.
 */
export async function deletePage(actor: Actor, id: string) {
  const page = await findManagedPage(actor, id);
  try {
    await unsubscribeApp(page.facebookPageId, decryptSecret(page.accessTokenEnc));
  } catch (error) {
    // A refused token cannot unsubscribe anything (and Meta drops a dead token's subscription itself);
    // any other failure is retried by a job so the Page does not keep sending webhooks to us.
    if (!(error instanceof GraphError && error.kind === "token_invalid")) {
      await enqueueUnsubscribePage(page.facebookPageId, page.accessTokenEnc);
    }
  }
  await db.$transaction(async (tx) => {
    await tx.page.delete({ where: { id: page.id } });
    await recordAudit({ companyId: page.companyId, actor, action: "page.deleted", target: { type: "page", id: page.id, name: page.name }, details: { facebookPageId: page.facebookPageId } }, tx);
  });
  return { success: true, message: "Page deleted successfully" };
}
