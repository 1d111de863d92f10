import type { MessagingType } from "@/server/messenger/graph-client";

// Messenger's messaging window, in one place (GUIDE §3): a standard reply within 24 h of the customer's
// last message; a human agent's reply with the HUMAN_AGENT tag up to 7 days; nothing after that.

export const STANDARD_WINDOW_MS = 24 * 60 * 60 * 1000;
export const HUMAN_AGENT_WINDOW_MS = 7 * STANDARD_WINDOW_MS;

export type WindowState =
  | { state: "open"; messagingType: "RESPONSE"; closesAt: Date }
  | { state: "human_agent"; messagingType: "MESSAGE_TAG"; tag: "HUMAN_AGENT"; closesAt: Date }
  | { state: "closed"; reason: string };

export const WINDOW_CLOSED_MESSAGE =
  "You can't reply to this conversation: Messenger allows replies only within 7 days of the customer's last message.";

export function messagingWindow(lastInboundAt: Date | null | undefined, now = new Date()): WindowState {
  if (!lastInboundAt) return { state: "closed", reason: "The customer has not written to this page yet." };
  const age = now.getTime() - lastInboundAt.getTime();
  if (age < STANDARD_WINDOW_MS) return { state: "open", messagingType: "RESPONSE", closesAt: new Date(lastInboundAt.getTime() + STANDARD_WINDOW_MS) };
  if (age < HUMAN_AGENT_WINDOW_MS) return { state: "human_agent", messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT", closesAt: new Date(lastInboundAt.getTime() + HUMAN_AGENT_WINDOW_MS) };
  return { state: "closed", reason: WINDOW_CLOSED_MESSAGE };
}

/** Promotional messages (bulk offers) only inside 24 h, as UPDATE, never under a tag. */
export function offerMessagingType(lastInboundAt: Date | null | undefined, now = new Date()): MessagingType | null {
  return lastInboundAt && now.getTime() - lastInboundAt.getTime() < STANDARD_WINDOW_MS ? "UPDATE" : null;
}

/** The window as the conversation API exposes it, for the composer. */
export function windowForApi(lastInboundAt: Date | null | undefined, now = new Date()) {
  const window = messagingWindow(lastInboundAt, now);
  return window.state === "closed"
    ? { state: window.state, closes_at: null, reason: window.reason }
    : { state: window.state, closes_at: window.closesAt.toISOString(), reason: null };
}
