import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { PICKER_EXPIRED, type ConnectResult, type TConnectPickedPages } from "@/lib/schemas/facebook-login";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { fetchManagedPages } from "@/server/integrations/meta/graph-pages";
import { readPicker, takePicker } from "@/server/services/pages/facebook-login/login-store";
import { resolvePageOwner } from "@/server/services/pages/manage/page-owner";
import { createVerifiedPage, pageExists } from "@/server/services/pages/manage/add-page";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";
import { tokenCheckFailure, verifyPageToken } from "@/server/services/pages/connection/verify-page-token";

const NOT_IN_LOGIN = "This page was not in your Facebook login";

/**
 * POST /api/pages/facebook/connect {session, pageIds}: connects each picked Page. The session kept only
 * the person's user token (encrypted); the picked Pages' tokens are asked from Graph now (GET
 * /me/accounts), then each is verified, stored, subscribed and imported exactly like the manual form.
 * Each Page answers for itself; the session is used once.
 */
export async function connectPickedPages(actor: Actor, input: TConnectPickedPages) {
  const pending = await readPicker(input.session, actor.id);
  if (!pending) throw new AppError("not_found", PICKER_EXPIRED);
  const owner = await resolvePageOwner(actor, pending.ownerId ?? undefined);
  // Spent before the session is taken: a refused connect can be sent again with the same session.
  await spendGraphBudget({ userId: actor.id, companyId: owner.companyId });
  const session = await takePicker(input.session, actor.id);
  if (!session) throw new AppError("not_found", PICKER_EXPIRED);
  const tokens = await managedPageTokens(session.userToken);
  const results: ConnectResult[] = [];
  for (const pageId of input.pageIds) {
    const picked = session.pages.find((p) => p.id === pageId);
    const token = tokens.get(pageId);
    if (!picked || !token) {
      results.push({ page_id: pageId, name: picked?.name ?? "", ok: false, error: NOT_IN_LOGIN });
      continue;
    }
    try {
      const { name } = await verifyPageToken(picked.id, token);
      if (await db.page.findUnique({ where: { facebookPageId: picked.id }, select: { id: true } })) throw pageExists();
      const page = await createVerifiedPage(actor, owner, { facebookPageId: picked.id, name: name || picked.name, token });
      results.push({ page_id: picked.id, name: page.name, ok: true, _id: page._id });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ page_id: picked.id, name: picked.name, ok: false, error: error.message });
    }
  }
  const connected = results.filter((r) => r.ok).length;
  return { success: connected > 0, message: `${connected} of ${results.length} page${results.length === 1 ? "" : "s"} connected`, results };
}

/** The person's Page tokens as Graph has them now, by Page id; held in memory for this request only. */
async function managedPageTokens(userToken: string): Promise<Map<string, string>> {
  try {
    return new Map((await fetchManagedPages(userToken)).map((p) => [p.id, p.accessToken]));
  } catch (error) {
    // The person revoked the app's access since the login: the login is spent, as if it had expired.
    if (error instanceof GraphError && error.kind === "token_invalid") throw new AppError("not_found", PICKER_EXPIRED);
    throw tokenCheckFailure(error);
  }
}
