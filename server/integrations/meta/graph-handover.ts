import { graphRequest } from "@/server/integrations/meta/graph-client";
import { graphPath, type GraphPath } from "@/server/integrations/meta/graph-path";

// The handover protocol's Graph calls (docs/WEBHOOKS.md "Handover roles"): who controls a person's
// thread, and moving it between the Page's apps. All with the Page token, through graphRequest (so each
// carries appsecret_proof). Meta answers {success: true} to the three writes.

/** Meta's Page Inbox: people answering in Facebook (Business Suite) are this app in the protocol. */
export const PAGE_INBOX_APP_ID = "263902037430900";

type ThreadInput = { psid: string; metadata?: string };

/**
 * POST /{page-id}/pass_thread_control {recipient, target_app_id, metadata}. Only the app that controls the
 * thread may pass it. No retry: a second call after a lost answer would fail (the thread is gone).
 */
export async function passThreadControl(pageId: string, token: string, input: ThreadInput & { targetAppId: string }): Promise<void> {
  await threadWrite(graphPath`${pageId}/pass_thread_control`, token, input, { target_app_id: input.targetAppId });
}

/** POST /{page-id}/take_thread_control {recipient, metadata}: an idle thread, or any thread for the primary receiver. */
export async function takeThreadControl(pageId: string, token: string, input: ThreadInput): Promise<void> {
  await threadWrite(graphPath`${pageId}/take_thread_control`, token, input);
}

/** POST /{page-id}/request_thread_control {recipient, metadata}: a secondary receiver asks the owner to pass it. */
export async function requestThreadControl(pageId: string, token: string, input: ThreadInput): Promise<void> {
  await threadWrite(graphPath`${pageId}/request_thread_control`, token, input);
}

/** The three writes' one form. No retry: a second call after a lost answer would fail (the thread moved). */
async function threadWrite(path: GraphPath, token: string, input: ThreadInput, extra: Record<string, string> = {}): Promise<void> {
  await graphRequest(path, { method: "POST", token, retries: 0, body: { recipient: { id: input.psid }, ...extra, ...(input.metadata ? { metadata: input.metadata } : {}) } });
}

/**
 * GET /{page-id}/thread_owner?recipient={psid} → {data: [{thread_owner: {app_id}}]}: the app id that
 * controls the thread, or null when Meta names none (an idle thread).
 */
export async function fetchThreadOwner(pageId: string, token: string, psid: string): Promise<string | null> {
  const result = await graphRequest<{ data?: { thread_owner?: { app_id?: unknown } }[] }>(graphPath`${pageId}/thread_owner`, { token, retries: 1, query: { recipient: psid } });
  const appId = result.data?.[0]?.thread_owner?.app_id;
  return appId === undefined || appId === null || appId === "" ? null : String(appId);
}

export type GraphApp = { id: string; name: string };

/**
 * GET /{page-id}/secondary_receivers?fields=id,name: the Page's secondary receivers. Only the primary
 * receiver may read it, so an answer at all says this app is the primary receiver.
 */
export async function fetchSecondaryReceivers(pageId: string, token: string): Promise<GraphApp[]> {
  const result = await graphRequest<{ data?: { id?: unknown; name?: unknown }[] }>(graphPath`${pageId}/secondary_receivers`, { token, retries: 1, query: { fields: "id,name" } });
  return (result.data ?? []).filter((a) => a.id !== undefined && a.id !== null).map((a) => ({ id: String(a.id), name: typeof a.name === "string" ? a.name : "" }));
}
