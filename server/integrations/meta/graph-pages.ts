import { env } from "@/server/env";
import { graphRequest } from "@/server/integrations/meta/graph-client";
import { graphPath } from "@/server/integrations/meta/graph-path";

// Graph calls that connect a Page to the app (docs/META.md "Connecting a Page for real"): who a token
// belongs to, what it may do, and the webhook subscription. All go through graphRequest, so every one
// carries appsecret_proof.

/**
 * The webhook fields the app needs; a Page sends only these after POST /{page-id}/subscribed_apps. Each is
 * handled (docs/WEBHOOKS.md "Webhook fields to subscribe and why"): without `standby` the messages of a
 * thread another app holds never arrive, without `messaging_handovers` nobody knows who holds it.
 */
export const SUBSCRIBED_FIELDS = [
  "messages",
  "messaging_postbacks",
  "message_deliveries",
  "message_reads",
  "message_echoes",
  "message_reactions",
  "messaging_referrals",
  "message_edits",
  "standby",
  "messaging_handovers",
  "messaging_policy_enforcement",
  "messaging_optins",
  "messaging_account_linking",
  "messaging_feedback",
  "messaging_game_plays",
  // Comments under the Page's posts and ads (issue 42): `feed` carries every change of the Page's feed, of
  // which the ingest keeps the comments (webhook-changes.ts).
  "feed",
] as const;

/** GET /me?fields=id,name: with a Page token, that Page; with a user token, the person. */
export async function fetchTokenOwner(token: string): Promise<{ id: string; name: string }> {
  const me = await graphRequest<{ id?: unknown; name?: unknown }>(graphPath`me`, { token, retries: 1, query: { fields: "id,name" } });
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
  const result = await graphRequest<{ data?: { type?: string; is_valid?: boolean; scopes?: string[]; profile_id?: string } }>(graphPath`debug_token`, {
    token: `${META_APP_ID}|${META_APP_SECRET}`,
    retries: 1,
    query: { input_token: token },
  });
  const data = result.data ?? {};
  return { type: data.type ?? "", isValid: data.is_valid === true, scopes: data.scopes ?? [], profileId: data.profile_id };
}

/** POST /{page-id}/subscribed_apps: the Page starts sending our webhooks. */
export async function subscribeApp(pageId: string, token: string): Promise<void> {
  await graphRequest(graphPath`${pageId}/subscribed_apps`, { method: "POST", token, retries: 1, query: { subscribed_fields: SUBSCRIBED_FIELDS.join(",") } });
}

/** DELETE /{page-id}/subscribed_apps: the Page stops sending our webhooks. */
export async function unsubscribeApp(pageId: string, token: string): Promise<void> {
  await graphRequest(graphPath`${pageId}/subscribed_apps`, { method: "DELETE", token, retries: 1 });
}

// ── Facebook Login for Business ──────────────────────────────────────────────────────────────────────

/**
 * The permissions the app asks for in the Login dialog (docs: README "Connecting a real Facebook Page"); the
 * Instagram ones read the Page's linked Instagram account and answer its Direct messages with the Page token.
 */
export const LOGIN_SCOPES = ["pages_messaging", "pages_manage_metadata", "pages_show_list", "instagram_basic", "instagram_manage_messages"] as const;

/** The dialog address the browser is sent to (META_DIALOG_URL: www.facebook.com, or the simulator). */
export function loginDialogUrl(input: { state: string; redirectUri: string }): string {
  const { META_DIALOG_URL, META_APP_ID, GRAPH_API_VERSION } = env();
  const url = new URL(`${META_DIALOG_URL.replace(/\/$/, "")}/${GRAPH_API_VERSION}/dialog/oauth`);
  url.searchParams.set("client_id", META_APP_ID ?? "");
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("state", input.state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", LOGIN_SCOPES.join(","));
  return url.toString();
}

/** Code → short-lived user token → long-lived user token (grant_type=fb_exchange_token). */
export async function exchangeLoginCode(code: string, redirectUri: string): Promise<string> {
  const { META_APP_ID, META_APP_SECRET } = env();
  const app = { client_id: META_APP_ID ?? "", client_secret: META_APP_SECRET };
  // These calls authenticate with the app secret itself, not a token: no appsecret_proof applies, so the
  // token argument is the app token only to keep one request path.
  const appToken = `${app.client_id}|${app.client_secret}`;
  const short = await graphRequest<{ access_token?: string }>(graphPath`oauth/access_token`, { token: appToken, retries: 0, query: { ...app, redirect_uri: redirectUri, code } });
  if (!short.access_token) throw new Error("Facebook answered no access token for the login code");
  const long = await graphRequest<{ access_token?: string }>(graphPath`oauth/access_token`, {
    token: appToken,
    retries: 1,
    query: { ...app, grant_type: "fb_exchange_token", fb_exchange_token: short.access_token },
  });
  return long.access_token ?? short.access_token;
}

export type ManagedPage = { id: string; name: string; accessToken: string };

/** GET /me/accounts with the person's token: the Pages they manage, each with its Page token (all pages of the paging). */
export async function fetchManagedPages(userToken: string): Promise<ManagedPage[]> {
  const pages: ManagedPage[] = [];
  let after: string | undefined;
  for (let round = 0; round < 20; round++) {
    const result = await graphRequest<{ data?: { id?: string; name?: string; access_token?: string }[]; paging?: { next?: string; cursors?: { after?: string } } }>(graphPath`me/accounts`, {
      token: userToken,
      retries: 1,
      query: { fields: "id,name,access_token", limit: "100", ...(after ? { after } : {}) },
    });
    for (const p of result.data ?? []) if (p.id && p.access_token) pages.push({ id: String(p.id), name: p.name ?? "", accessToken: p.access_token });
    after = result.paging?.next ? result.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return pages;
}

// ── History import (Conversations API) ───────────────────────────────────────────────────────────────

export type GraphConversation = {
  id: string;
  updated_time?: string;
  /** Instagram names people by `username` (no `name`). */
  participants?: { data?: { id?: string; name?: string; username?: string }[] };
  messages?: {
    data?: {
      id: string;
      message?: string;
      created_time: string;
      from?: { id?: string; name?: string };
      attachments?: { data?: { image_data?: { url?: string; preview_url?: string }; file_url?: string; mime_type?: string }[] };
    }[];
  };
};

/**
 * One page of a Page's conversations, newest first, each with its newest `messagesPerConversation` messages:
 * Messenger's, or with platform "instagram" the linked Instagram account's (same endpoint and Page token).
 */
export async function fetchConversationsPage(
  pageId: string,
  token: string,
  input: { platform: "messenger" | "instagram"; limit: number; messagesPerConversation: number; after?: string },
): Promise<{ data: GraphConversation[]; after?: string }> {
  const result = await graphRequest<{ data?: GraphConversation[]; paging?: { next?: string; cursors?: { after?: string } } }>(graphPath`${pageId}/conversations`, {
    token,
    retries: 2,
    query: {
      platform: input.platform,
      fields: `participants,updated_time,messages.limit(${input.messagesPerConversation}){id,message,from,to,created_time,attachments}`,
      limit: String(input.limit),
      ...(input.after ? { after: input.after } : {}),
    },
  });
  return { data: result.data ?? [], after: result.paging?.next ? result.paging.cursors?.after : undefined };
}
