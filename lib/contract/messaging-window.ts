import { formatDuration } from "@/lib/inbox/time";

// Messenger's messaging window, once for the server and the browser: a standard reply within 24 h of the
// customer's last message; a human agent's reply with the HUMAN_AGENT tag up to 7 days; nothing after that.
// The server decides with `messagingWindow` and sends `windowForApi`; the composer reads that shape back
// with `describeWindow`, so both sides count the same hours and say the same sentence.

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
export const STANDARD_WINDOW_MS = 24 * HOUR_MS;
export const HUMAN_AGENT_WINDOW_MS = 7 * DAY_MS;

const WINDOW_CLOSED_MESSAGE =
  "You can't reply to this conversation: Messenger allows replies only within 7 days of the customer's last message.";

/** The server's decision for one send: how to send it, or why not. */
export type MessagingWindow =
  | { state: "open"; messagingType: "RESPONSE"; closesAt: Date }
  | { state: "human_agent"; messagingType: "MESSAGE_TAG"; tag: "HUMAN_AGENT"; closesAt: Date }
  | { state: "closed"; reason: string };

/** The window as the conversation API exposes it (`window` of a conversation). */
export type WindowState = { state: "open" | "human_agent" | "closed"; closes_at: string | null; reason: string | null };

export function messagingWindow(lastInboundAt: Date | null | undefined, now = new Date()): MessagingWindow {
  if (!lastInboundAt) return { state: "closed", reason: "The customer has not written to this page yet." };
  const age = now.getTime() - lastInboundAt.getTime();
  if (age < STANDARD_WINDOW_MS) return { state: "open", messagingType: "RESPONSE", closesAt: new Date(lastInboundAt.getTime() + STANDARD_WINDOW_MS) };
  if (age < HUMAN_AGENT_WINDOW_MS) return { state: "human_agent", messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT", closesAt: new Date(lastInboundAt.getTime() + HUMAN_AGENT_WINDOW_MS) };
  return { state: "closed", reason: WINDOW_CLOSED_MESSAGE };
}

/** Promotional messages (bulk offers) only inside 24 h, as UPDATE, never under a tag. */
export function offerMessagingType(lastInboundAt: Date | null | undefined, now = new Date()): "UPDATE" | null {
  return lastInboundAt && now.getTime() - lastInboundAt.getTime() < STANDARD_WINDOW_MS ? "UPDATE" : null;
}

/** The window as the conversation API exposes it, for the composer. */
export function windowForApi(lastInboundAt: Date | null | undefined, now = new Date()): WindowState {
  const window = messagingWindow(lastInboundAt, now);
  return window.state === "closed"
    ? { state: window.state, closes_at: null, reason: window.reason }
    : { state: window.state, closes_at: window.closesAt.toISOString(), reason: null };
}

export type WindowNotice =
  | { state: "open"; label: string }
  | { state: "human_agent"; label: string; detail: string }
  | { state: "closed"; label: string; reason: string };

/** What the composer shows for `window` at `now`; the countdown keeps moving between server updates. */
export function describeWindow(window: WindowState | null | undefined, now: number = Date.now()): WindowNotice | null {
  if (!window) return null;
  if (window.state === "closed") return { state: "closed", label: "Reply window closed", reason: window.reason ?? WINDOW_CLOSED_MESSAGE };
  const closesAt = window.closes_at ? new Date(window.closes_at).getTime() : NaN;
  if (Number.isNaN(closesAt)) return null;
  if (window.state === "open") {
    if (now < closesAt) return { state: "open", label: `Reply window: ${formatDuration(closesAt - now)} left` };
    return humanAgent(closesAt - STANDARD_WINDOW_MS + HUMAN_AGENT_WINDOW_MS, now);
  }
  return humanAgent(closesAt, now);
}

function humanAgent(closesAt: number, now: number): WindowNotice {
  if (now >= closesAt) return { state: "closed", label: "Reply window closed", reason: WINDOW_CLOSED_MESSAGE };
  return { state: "human_agent", label: "Human agent reply", detail: `${formatDuration(closesAt - now)} left to reply as a human agent` };
}

/** When the customer last wrote, as far as the window tells (open windows close 24 h after it). */
export function lastInboundFromWindow(window: WindowState | null | undefined): number | null {
  if (!window || window.state !== "open" || !window.closes_at) return null;
  const closes = new Date(window.closes_at).getTime();
  return Number.isNaN(closes) ? null : closes - STANDARD_WINDOW_MS;
}
