import { randomBytes } from "node:crypto";
import { sendContent, sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import type { SimContext } from "../context";
import { GraphApiError, invalidParameter, invalidToken } from "./graph-error";

// Facebook Login for Business, for one simulated person who manages every simulated Page:
// GET /{version}/dialog/oauth (an HTML page with the person's Pages and an "Allow" button that returns to
// redirect_uri with code and state), GET /oauth/access_token (code → user token; grant_type=
// fb_exchange_token → long-lived token), GET /me/accounts (the Pages with their Page tokens), and
// GET /debug_token (app token → a token's type and scopes).

export const SIM_USER = { id: "9100000000000001", name: "Sam Simulator" } as const;
const CODE_TTL_MS = 10 * 60_000;
const ALL_PERMISSIONS = ["pages_messaging", "pages_manage_metadata", "pages_show_list", "instagram_basic", "instagram_manage_messages"];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function isUserToken(sim: SimContext, token: string | undefined): boolean {
  return token !== undefined && sim.state.userTokens.has(token);
}

export function handleLoginDialog(ctx: RouteContext): void {
  const { sim, url } = ctx;
  const clientId = url.searchParams.get("client_id") ?? "";
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  const state = url.searchParams.get("state") ?? "";
  if (clientId !== sim.appId) throw invalidParameter(`(#100) Invalid client_id: ${clientId || "(missing)"}`);
  if (!/^https?:\/\//.test(redirectUri)) throw invalidParameter("(#100) redirect_uri must be an absolute http(s) URL");
  const code = randomBytes(18).toString("base64url");
  sim.state.oauthCodes.set(code, { redirectUri, expiresAt: sim.now() + CODE_TTL_MS });
  const allow = new URL(redirectUri);
  allow.searchParams.set("code", code);
  allow.searchParams.set("state", state);
  const deny = new URL(redirectUri);
  deny.searchParams.set("error", "access_denied");
  deny.searchParams.set("error_reason", "user_denied");
  deny.searchParams.set("state", state);
  const pages = [...sim.state.pages.values()].map((p) => `<li>${escapeHtml(p.name)} <small>(${escapeHtml(p.pageId)})</small></li>`).join("");
  const scope = escapeHtml(url.searchParams.get("scope") ?? "");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Log in with Facebook (simulator)</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;padding:24px}main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px #0002}h1{font-size:20px;margin:0 0 8px}p{color:#555;font-size:14px}ul{padding-left:20px}a.btn{display:inline-block;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600;margin-right:8px}.allow{background:#1877f2;color:#fff}.deny{background:#e4e6eb;color:#050505}</style></head>
<body><main><h1>${escapeHtml(SIM_USER.name)}, connect your Pages?</h1><p>The app asks for: ${scope || "(no permissions)"}.</p><p>Pages you manage:</p><ul>${pages || "<li>No Pages</li>"}</ul>
<a class="btn allow" href="${escapeHtml(allow.toString())}">Allow</a><a class="btn deny" href="${escapeHtml(deny.toString())}">Cancel</a></main></body></html>`;
  sendContent(ctx.res, 200, "text/html; charset=utf-8", html, { "Cache-Control": "no-store" });
}

function issueUserToken(sim: SimContext, kind: "SHORT" | "LONG"): string {
  const token = `SIM_USER_${kind}_${randomBytes(16).toString("hex")}`;
  sim.state.userTokens.add(token);
  return token;
}

export function handleAccessToken(ctx: RouteContext): void {
  const { sim, url } = ctx;
  const q = url.searchParams;
  if (q.get("client_id") !== sim.appId || q.get("client_secret") !== sim.appSecret) throw new GraphApiError(101, { message: "Error validating client secret.", httpStatus: 400 });
  if (q.get("grant_type") === "fb_exchange_token") {
    if (!isUserToken(sim, q.get("fb_exchange_token") ?? undefined)) throw invalidToken();
    sendJson(ctx.res, 200, { access_token: issueUserToken(sim, "LONG"), token_type: "bearer", expires_in: 60 * 24 * 3600 });
    return;
  }
  const code = q.get("code") ?? "";
  const entry = sim.state.oauthCodes.get(code);
  // Codes work once, before they expire, and only with the redirect_uri they were issued for.
  sim.state.oauthCodes.delete(code);
  if (!entry || entry.expiresAt < sim.now() || entry.redirectUri !== q.get("redirect_uri")) {
    throw new GraphApiError(100, { subcode: 36009, message: "This authorization code has been used or has expired." });
  }
  sendJson(ctx.res, 200, { access_token: issueUserToken(sim, "SHORT"), token_type: "bearer", expires_in: 3600 });
}

export function handleMyAccounts(ctx: RouteContext, token: string | undefined): void {
  if (!isUserToken(ctx.sim, token)) throw invalidToken();
  const data = [...ctx.sim.state.pages.values()].map((p) => ({
    id: p.pageId,
    name: p.name,
    access_token: p.accessToken,
    category: "Shopping & retail",
    tasks: ["ADVERTISE", "ANALYZE", "CREATE_CONTENT", "MESSAGING", "MODERATE", "MANAGE"],
  }));
  sendJson(ctx.res, 200, { data, paging: { cursors: { before: "QVFIUmVm", after: "QVFIUmVm" } } });
}

export function handleDebugToken(ctx: RouteContext, appToken: string | undefined): void {
  const { sim, url } = ctx;
  if (appToken !== `${sim.appId}|${sim.appSecret}`) throw invalidToken();
  const input = url.searchParams.get("input_token") ?? "";
  const page = [...sim.state.pages.values()].find((p) => p.accessToken === input);
  const base = { app_id: sim.appId, application: "Switchboard" };
  if (page) {
    sendJson(ctx.res, 200, { data: { ...base, type: "PAGE", is_valid: true, expires_at: 0, scopes: page.permissions ?? ALL_PERMISSIONS, profile_id: page.pageId, user_id: SIM_USER.id } });
  } else if (isUserToken(sim, input)) {
    sendJson(ctx.res, 200, { data: { ...base, type: "USER", is_valid: true, expires_at: 0, scopes: ALL_PERMISSIONS, user_id: SIM_USER.id } });
  } else {
    sendJson(ctx.res, 200, { data: { ...base, is_valid: false, scopes: [], error: { code: 190, message: "Invalid OAuth access token." } } });
  }
}
