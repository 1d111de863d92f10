import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { PICKER_EXPIRED, type ConnectResult, type TConnectPickedPages } from "@/lib/schemas/facebook-login";
import { dropPicker, readPicker } from "@/server/services/facebook-login/login-store";
import { resolvePageOwner } from "@/server/services/admin-pages/page-owner";
import { createVerifiedPage, pageExists } from "@/server/services/admin-pages/add-page";
import { verifyPageToken } from "@/server/services/page-connection/verify-page-token";

/**
 * POST /api/pages/facebook/connect {session, pageIds}: connects each picked Page with the Page token kept
 * in the session — verified with Graph, stored, subscribed and imported exactly like the manual form.
 * Each Page answers for itself; the session is used once.
 */
export async function connectPickedPages(actor: Actor, input: TConnectPickedPages) {
  const session = await readPicker(input.session, actor.id);
  if (!session) throw new AppError("not_found", PICKER_EXPIRED);
  const owner = await resolvePageOwner(actor, session.ownerId ?? undefined);
  const results: ConnectResult[] = [];
  for (const pageId of input.pageIds) {
    const picked = session.pages.find((p) => p.id === pageId);
    if (!picked) {
      results.push({ page_id: pageId, name: "", ok: false, error: "This page was not in your Facebook login" });
      continue;
    }
    try {
      const { name } = await verifyPageToken(picked.id, picked.accessToken);
      if (await db.page.findUnique({ where: { facebookPageId: picked.id }, select: { id: true } })) throw pageExists();
      const page = await createVerifiedPage(owner, { facebookPageId: picked.id, name: name || picked.name, token: picked.accessToken });
      results.push({ page_id: picked.id, name: page.name, ok: true, _id: page._id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ page_id: picked.id, name: picked.name, ok: false, error: error.message });
    }
  }
  await dropPicker(input.session);
  const connected = results.filter((r) => r.ok).length;
  return { success: connected > 0, message: `${connected} of ${results.length} page${results.length === 1 ? "" : "s"} connected`, results };
}
