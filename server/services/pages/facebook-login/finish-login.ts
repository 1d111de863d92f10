import { exchangeLoginCode, fetchManagedPages } from "@/server/integrations/meta/graph-pages";
import { consumeState, savePicker } from "@/server/services/pages/facebook-login/login-store";
import { isGraphId } from "@/server/integrations/meta/graph-path";
import { logger } from "@/server/observability/log";
import { callbackUrl } from "@/server/services/pages/facebook-login/start-login";

export type LoginOutcome = { ok: true; redirect: string } | { ok: false; status: number; title: string; message: string };

const STATE_REFUSED =
  "This Facebook login link is not valid any more: it was already used, it expired, or it was not started here. Go back to FB Pages and choose Connect with Facebook again.";

/**
 * GET /api/pages/facebook/callback?code&state: Facebook sends the browser back here. The state must be
 * ours and unused; the code becomes a long-lived user token. The person's Pages (ids and names, no Page
 * tokens) and that user token (encrypted) go into a server-side picker session; the browser is sent to
 * the picker with only that session's id.
 */
export async function finishFacebookLogin(query: URLSearchParams): Promise<LoginOutcome> {
  const intent = await consumeState(query.get("state") ?? "");
  if (!intent) return { ok: false, status: 400, title: "Facebook login refused", message: STATE_REFUSED };
  const back = intent.ownerId ? `/${intent.ownerId}/add-page` : "/company/fb-pages/add";
  if (query.get("error")) {
    return { ok: false, status: 400, title: "Facebook login cancelled", message: "Facebook did not give access to your Pages. Nothing was connected." };
  }
  const code = query.get("code");
  if (!code) return { ok: false, status: 400, title: "Facebook login refused", message: "Facebook sent no authorization code. Please try again." };
  try {
    const userToken = await exchangeLoginCode(code, callbackUrl());
    const pages = await fetchManagedPages(userToken);
    // Page ids from Graph are digits; anything else could never be connected (nor put in a Graph path).
    const session = await savePicker({ ...intent, pages: pages.filter((p) => isGraphId(p.id)).map((p) => ({ id: p.id, name: p.name })), userToken });
    return { ok: true, redirect: `${back}?facebook=${encodeURIComponent(session)}` };
  } catch (error) {
    logger().warn({ err: (error as Error).message }, "Facebook login: Graph failed");
    return { ok: false, status: 502, title: "Facebook login failed", message: "Facebook did not complete the login. Nothing was connected; please try again." };
  }
}
