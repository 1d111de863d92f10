import type { ConversationListItem } from "@/lib/contract/inbox-api";

// Who may answer a conversation under Meta's handover protocol (docs/WEBHOOKS.md "Handover roles"), as
// the API and the socket carry it and the thread header and composer show it. Shared by server and browser.

/** This app on Meta's side; the header's chip when Switchboard controls the thread. */
export const APP_DISPLAY_NAME = "Switchboard";
export const PAGE_INBOX_NAME = "Page Inbox";

export type ThreadOwnerKind = "app" | "page_inbox" | "other_app";
export type HandoverRoleName = "primary_receiver" | "secondary_receiver";
/** Where Pass back sends the thread: Meta's Page Inbox, or the Page's primary receiver (when Switchboard is a secondary one). */
export type PassTarget = "page_inbox" | "primary";

export type ThreadControl = {
  conversationId: string;
  pageId: string;
  /** null: nobody is known to hold the thread (idle, or not known yet): Switchboard may answer. */
  owner: ThreadOwnerKind | null;
  /** The owner's Meta app id, when known. */
  appId: string | null;
  /** "Switchboard", "Page Inbox", an app's name, or "Another app" when Meta did not say which. */
  ownerName: string | null;
  /** Whether an agent's reply can go out now (Switchboard holds the thread, or nobody is known to). */
  canReply: boolean;
  /** Switchboard's role on the Page, when known. */
  pageRole: HandoverRoleName | null;
  /** What Take control does: take the thread (primary receiver), or ask its owner for it (secondary receiver). */
  takeAction: "take" | "request" | null;
  /** Where Pass back may send the thread; empty unless Switchboard holds it. */
  passTargets: { target: PassTarget; label: string }[];
  /** When the current owner took the thread (the event's time), if known. */
  since: string | null;
};

/**
 * The socket's `thread-control` event: the conversation's control changed (a handover, a take, a pass).
 * `conversation` comes along when its list row changed too: a thread passed to Switchboard waits for an agent.
 */
export type ThreadControlEvent = { pageId: string; conversationId: string; control: ThreadControl; conversation?: ConversationListItem };

/** The composer's line while another app holds the thread, e.g. "The Page Inbox controls this conversation. Take control to reply." */
export function controlNotice(control: Pick<ThreadControl, "canReply" | "owner" | "ownerName" | "takeAction"> | null | undefined): string | null {
  if (!control || control.canReply) return null;
  const who = control.owner === "page_inbox" ? `The ${PAGE_INBOX_NAME}` : (control.ownerName ?? "Another app");
  return `${who} controls this conversation. ${control.takeAction === "request" ? "Ask for control to reply." : "Take control to reply."}`;
}

/** The header's chip: who holds the thread now, or null when nobody is known to. */
export function ownerChip(control: ThreadControl | null | undefined): string | null {
  if (!control?.owner) return null;
  return control.owner === "app" ? APP_DISPLAY_NAME : (control.ownerName ?? "Another app");
}

export const TAKE_CONTROL_LABEL = "Take control";
export const REQUEST_CONTROL_LABEL = "Ask for control";
export const PASS_BACK_LABEL = "Pass back";
