import "server-only";
import { createHmac } from "node:crypto";
import { env } from "@/server/env";
import { GraphError, graphErrorFrom } from "@/server/integrations/meta/graph-errors";
import { graphPath, isGraphId, type GraphPath } from "@/server/integrations/meta/graph-path";
import { countGraphCall } from "@/server/observability/metrics";

// The real Graph API client. Only the base URL differs between production (graph.facebook.com) and
// development/tests (the built-in Messenger simulator).

export type MessagingType = "RESPONSE" | "UPDATE" | "MESSAGE_TAG";
export type SendResult = { recipientId: string; messageId: string };
/** `metadata` (≤ 1000 chars) is not shown to the person; Meta returns it in the message's echo webhook. */
export type OutgoingAttachmentType = "image" | "audio" | "video" | "file";
export type OutgoingMessage = ({ text: string } | { attachment: { type: OutgoingAttachmentType; payload: { url: string; is_reusable?: boolean } | { attachment_id: string } } }) & {
  metadata?: string;
};
export type Profile = { firstName?: string; lastName?: string; profilePic?: string };

/**
 * `repeatable: false`: a request that must not be made twice (a message to a person). It is retried only
 * after a refusal — Meta did not carry it out — never after a request that went out unanswered.
 */
type RequestOptions = { method?: "GET" | "POST" | "DELETE"; token: string; body?: unknown; query?: Record<string, string>; retries?: number; repeatable?: boolean };

/** How long a Graph call may take before it counts as unanswered (GRAPH_TIMEOUT_MS). */
const timeoutMs = () => env().GRAPH_TIMEOUT_MS;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function graphUrl(path: GraphPath, query: Record<string, string> = {}): string {
  const { GRAPH_API_URL, GRAPH_API_VERSION } = env();
  const url = new URL(`${GRAPH_API_URL.replace(/\/$/, "")}/${GRAPH_API_VERSION}/${path}`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * appsecret_proof: hex HMAC-SHA256 of the access token keyed with the App Secret. Sent on every call so an
 * app with "Require App Secret" on keeps working, and a stolen token alone is useless against Graph.
 */
export function appSecretProof(token: string, secret: string = env().META_APP_SECRET): string {
  return createHmac("sha256", secret).update(token).digest("hex");
}

/**
 * One Graph call; transient failures and rate limits are retried with exponential backoff. The path is a
 * GraphPath (graph-path.ts): ids in it were checked, so a path cannot climb out of its node.
 */
export async function graphRequest<T>(path: GraphPath, options: RequestOptions): Promise<T> {
  const attempts = (options.retries ?? 2) + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await countGraphCall(graphRequestOnce<T>(path, options));
    } catch (error) {
      const graphError = error instanceof GraphError ? error : new GraphError("transient", (error as Error).message);
      if (!graphError.retryable || attempt >= attempts || (graphError.unanswered && options.repeatable === false)) throw graphError;
      await sleep((graphError.kind === "rate_limited" ? 1000 : 200) * 2 ** (attempt - 1));
    }
  }
}

async function graphRequestOnce<T>(path: GraphPath, { method = "GET", token, body, query }: RequestOptions): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs());
  let response: Response;
  try {
    response = await fetch(graphUrl(path, { ...query, appsecret_proof: appSecretProof(token) }), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (error) {
    throw new GraphError("transient", `Graph API did not answer: ${describeFetchError(error)}`, undefined, undefined, undefined, !neverConnected(error));
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok || (data as { error?: unknown } | undefined)?.error) throw graphErrorFrom(data, response.status);
  // Accepted, but the body was cut (or timed out) on its way back: what Meta did is not known.
  if (data === undefined) throw new GraphError("transient", `Graph API answered ${response.status} without a readable body`, undefined, undefined, response.status, true);
  return data as T;
}

// Failures before the request could reach Meta: no connection was made, so nothing was carried out.
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

function neverConnected(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === "string" && NOT_CONNECTED.has(code);
}

function describeFetchError(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError") return `no answer within ${timeoutMs()} ms`;
  return e.cause?.code ?? e.cause?.message ?? e.message;
}

export async function sendMessage(
  pageId: string,
  token: string,
  input: { recipientId: string; messagingType: MessagingType; tag?: "HUMAN_AGENT"; message: OutgoingMessage; retries?: number },
): Promise<SendResult> {
  const result = await graphRequest<{ recipient_id: string; message_id: string }>(graphPath`${pageId}/messages`, {
    method: "POST",
    token,
    retries: input.retries,
    // Sent twice, it reaches the person twice (issue 30): an unanswered send is reconciled by its echo instead.
    repeatable: false,
    body: { recipient: { id: input.recipientId }, messaging_type: input.messagingType, ...(input.tag ? { tag: input.tag } : {}), message: input.message },
  });
  return { recipientId: result.recipient_id, messageId: result.message_id };
}

export type SenderAction = "typing_on" | "typing_off" | "mark_seen";

/** A sender action (docs/META.md): no message and no messaging_type; only inside the messaging window. */
export async function sendSenderAction(pageId: string, token: string, recipientId: string, action: SenderAction): Promise<void> {
  await graphRequest(graphPath`${pageId}/messages`, { method: "POST", token, retries: 0, body: { recipient: { id: recipientId }, sender_action: action } });
}

/** Uploads an image once so many sends can reuse it (bulk offers). */
export async function uploadImageAttachment(pageId: string, token: string, url: string): Promise<string> {
  const result = await graphRequest<{ attachment_id: string }>(graphPath`${pageId}/message_attachments`, {
    method: "POST",
    token,
    body: { message: { attachment: { type: "image", payload: { url, is_reusable: true } } } },
  });
  return result.attachment_id;
}

export async function fetchProfile(psid: string, token: string): Promise<Profile> {
  const result = await graphRequest<{ first_name?: string; last_name?: string; profile_pic?: string }>(graphPath`${psid}`, {
    token,
    retries: 0,
    query: { fields: "first_name,last_name,profile_pic" },
  });
  return { firstName: result.first_name, lastName: result.last_name, profilePic: result.profile_pic };
}

/** One message of a page's conversation as the Conversations API returns it. */
export type ThreadMessage = { id: string; createdTime: Date; fromId: string; text: string; hasAttachments: boolean };

type GraphThreadMessage = { id: string; created_time: string; from?: { id: string }; message?: string; attachments?: { data?: unknown[] } };

/**
 * The newest messages between the page and one person (Conversations API: the page's conversation with
 * `user_id`, messages expanded), newest first. It is Facebook's own record of the thread, so it tells
 * whether a send whose answer we never got did reach the person.
 */
export async function fetchRecentThreadMessages(
  pageId: string,
  token: string,
  psid: string,
  { limit = 10, platform = "messenger" }: { limit?: number; platform?: "messenger" | "instagram" } = {},
): Promise<ThreadMessage[]> {
  if (!isGraphId(psid)) return [];
  const result = await graphRequest<{ data?: { messages?: { data?: GraphThreadMessage[] } }[] }>(graphPath`${pageId}/conversations`, {
    token,
    retries: 1,
    query: { platform, user_id: psid, fields: `messages.limit(${limit}){id,created_time,from,message,attachments}` },
  });
  return (result.data?.[0]?.messages?.data ?? []).map((m) => ({
    id: m.id,
    createdTime: new Date(m.created_time),
    fromId: m.from?.id ?? "",
    text: m.message ?? "",
    hasAttachments: (m.attachments?.data?.length ?? 0) > 0,
  }));
}
