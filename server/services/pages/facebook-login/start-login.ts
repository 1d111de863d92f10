import type { Actor } from "@/server/services/auth/actor";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import type { TStartFacebookLogin } from "@/lib/schemas/facebook-login";
import { loginDialogUrl } from "@/server/integrations/meta/graph-pages";
import { resolvePageOwner } from "@/server/services/pages/manage/page-owner";
import { issueState } from "@/server/services/pages/facebook-login/login-store";
import { spendGraphBudget } from "@/server/services/pages/connection/graph-budget";

export const callbackUrl = () => `${env().APP_URL.replace(/\/$/, "")}/api/pages/facebook/callback`;

/**
 * POST /api/pages/facebook/start {user_id?}: the Login dialog address for this actor, with a fresh signed
 * single-use state that remembers who started it and for whom the pages will be added.
 */
export async function startFacebookLogin(actor: Actor, input: TStartFacebookLogin) {
  if (!env().META_APP_ID) throw new AppError("not_found", "Connect with Facebook is not configured (META_APP_ID)");
  const owner = await resolvePageOwner(actor, input.user_id);
  // The callback this state allows makes the OAuth exchange with the app secret: it is paid for here.
  await spendGraphBudget({ userId: actor.id, companyId: owner.companyId });
  const state = await issueState({ userId: actor.id, ownerId: input.user_id ? owner.id : null });
  return { url: loginDialogUrl({ state, redirectUri: callbackUrl() }) };
}
