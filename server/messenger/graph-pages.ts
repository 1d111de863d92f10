import { env } from "@/server/env";
import { graphRequest } from "@/server/messenger/graph-client";

// Graph calls that connect a Page to the app (GUIDE §3 "Connecting a Page for real"): who a token
// belongs to, what it may do, and the webhook subscription. All go through graphRequest, so every one
// carries appsecret_proof.

/** The webhook fields the app needs; a Page sends only these after POST /{page-id}/subscribed_apps. */
export const SUBSCRIBED_FIELDS = [
  "messages",
  "messaging_postbacks",
  "message_deliveries",
  "message_reads",
  "message_echoes",
  "message_reactions",
  "messaging_referrals",
  "message_edits",
] as const;

/** GET /me?fields=id,name: with a Page token, that Page; with a user token, the person. */
export async function fetchTokenOwner(token: string): Promise<{ id: string; name: string }> {
  const me = await graphRequest<{ id?: unknown; name?: unknown }>("me", { token, retries: 1, query: { fields: "id,name" } });
  return { id: String(me.id ?? ""), name: typeof me.name === "string" ? me.name : "" };
}

export type TokenDebug = { type: string; isValid: boolean; scopes: string[]; profileId?: string };

/**
 * GET /debug_token with the app token (`{app-id}|{app-secret}`): the token's kind and granted scopes.
 * Only possible when META_APP_ID is set; without it the permission check is skipped (null).
 */
export async function debugToken(token: string): Promise<TokenDebug | null> {
  const { META_APP_ID, META_APP_SECRET } = env();
  if (!META_APP_ID) return null;
  const result = await graphRequest<{ data?: { type?: string; is_valid?: boolean; scopes?: string[]; profile_id?: string } }>("debug_token", {
    token: `${META_APP_ID}|${META_APP_SECRET}`,
    retries: 1,
    query: { input_token: token },
  });
  const data = result.data ?? {};
  return { type: data.type ?? "", isValid: data.is_valid === true, scopes: data.scopes ?? [], profileId: data.profile_id };
}

/** POST /{page-id}/subscribed_apps: the Page starts sending our webhooks. */
export async function subscribeApp(pageId: string, token: string): Promise<void> {
  await graphRequest(`${pageId}/subscribed_apps`, { method: "POST", token, retries: 1, query: { subscribed_fields: SUBSCRIBED_FIELDS.join(",") } });
}

/** DELETE /{page-id}/subscribed_apps: the Page stops sending our webhooks. */
export async function unsubscribeApp(pageId: string, token: string): Promise<void> {
  await graphRequest(`${pageId}/subscribed_apps`, { method: "DELETE", token, retries: 1 });
}
