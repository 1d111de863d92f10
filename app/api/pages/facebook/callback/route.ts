import { ZFacebookCallbackQuery } from "@/lib/schemas/facebook-login";
import { publicRoute } from "@/server/http/route";
import { finishFacebookLogin } from "@/server/services/pages/facebook-login/finish-login";
import { loginErrorPage } from "@/server/services/pages/facebook-login/error-page";

export const dynamic = "force-dynamic";

// GET /api/pages/facebook/callback — Facebook sends the browser back here after the Login dialog. Public:
// a browser redirect carries no bearer token; the signed single-use state says who started the login.
export const GET = publicRoute({ query: ZFacebookCallbackQuery }, async ({ request }) => {
  const outcome = await finishFacebookLogin(new URL(request.url).searchParams);
  if (outcome.ok) return new Response(null, { status: 303, headers: { Location: outcome.redirect, "Cache-Control": "no-store" } });
  return new Response(loginErrorPage(outcome.title, outcome.message), { status: outcome.status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
});
