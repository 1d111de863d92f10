import type { SimContext } from "./context";
import { GraphApiError } from "./graph/graph-error";
import { PAGE_INBOX_APP_ID } from "./options";
import { customerKey } from "./state";
import type { SimRole } from "./handover-state";
import type { MessagingItem, WebhookBody } from "./webhook/events";

// Meta's handover protocol as the simulator plays it: per Page, our app is the primary receiver (Meta's
// default when the Page picked it) or a secondary one; the Page Inbox and a second app ("Helpdesk Bot", a
// chatbot) are the Page's other apps. Per (page, person), one app holds the thread: by default the primary
// receiver. While another app holds it, that person's messages reach our app in entry[].standby[] and the
// Send API refuses our replies.

export const SECOND_APP_ID = "777000000000001";
export const SECOND_APP_NAME = "Helpdesk Bot";
export function roleOf(sim: SimContext, pageId: string): SimRole {
  return sim.state.handover.roles.get(pageId) ?? "primary_receiver";
}

export function primaryOf(sim: SimContext, pageId: string): string {
  return roleOf(sim, pageId) === "primary_receiver" ? sim.appId : SECOND_APP_ID;
}

export function ownerOf(sim: SimContext, pageId: string, psid: string): string {
  return sim.state.handover.owners.get(customerKey(pageId, psid)) ?? primaryOf(sim, pageId);
}

export function setOwner(sim: SimContext, pageId: string, psid: string, appId: string): void {
  sim.state.handover.owners.set(customerKey(pageId, psid), appId);
}

/** The Page's apps, ours first: id → name. */
export function appsOf(sim: SimContext): Map<string, string> {
  return new Map([
    [sim.appId, "Switchboard"],
    [PAGE_INBOX_APP_ID, "Page Inbox"],
    [SECOND_APP_ID, SECOND_APP_NAME],
  ]);
}

/** The Send API's refusal while another app holds the thread. */
export function assertWeHoldThread(sim: SimContext, pageId: string, psid: string): void {
  if (ownerOf(sim, pageId, psid) === sim.appId) return;
  throw new GraphApiError(10, { subcode: 2018300, message: "(#10) This app does not control the conversation with this person: another app of the Page holds it (handover protocol)." });
}

/**
 * A person's event as Meta delivers it to our app: in entry[].messaging[] while our app holds the thread,
 * in entry[].standby[] while another app does.
 */
export function personBody(sim: SimContext, pageId: string, psid: string, item: MessagingItem, time: number): WebhookBody {
  const channel = ownerOf(sim, pageId, psid) === sim.appId ? "messaging" : "standby";
  return { object: "page", entry: [{ id: pageId, time, [channel]: [item] }] };
}

/** A Page-level item (policy_enforcement, app_roles): a recipient, no sender. */
export function pageBody(pageId: string, time: number, fields: Record<string, unknown>): WebhookBody {
  return { object: "page", entry: [{ id: pageId, time, messaging: [{ recipient: { id: pageId }, timestamp: time, ...fields }] }] };
}
