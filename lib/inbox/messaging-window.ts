import type { WindowState } from "@/lib/inbox/types";
import { formatDuration } from "@/lib/inbox/time";

// The composer's view of Messenger's messaging window (docs/DECISIONS.md): a standard reply inside 24 h of
// the customer's last message, a human agent's reply up to 7 days, nothing after.

const DAY_MS = 24 * 60 * 60 * 1000;
export const WINDOW_CLOSED_TEXT =
  "You can't reply to this conversation: Messenger allows replies only within 7 days of the customer's last message.";

export type WindowNotice =
  | { state: "open"; label: string }
  | { state: "human_agent"; label: string; detail: string }
  | { state: "closed"; label: string; reason: string };

/** What to show for `window` at `now`; the countdown keeps moving between server updates. */
export function describeWindow(window: WindowState | null | undefined, now: number = Date.now()): WindowNotice | null {
  if (!window) return null;
  if (window.state === "closed") return { state: "closed", label: "Reply window closed", reason: window.reason ?? WINDOW_CLOSED_TEXT };
  const closesAt = window.closes_at ? new Date(window.closes_at).getTime() : NaN;
  if (Number.isNaN(closesAt)) return null;
  if (window.state === "open") {
    if (now < closesAt) return { state: "open", label: `Reply window: ${formatDuration(closesAt - now)} left` };
    return humanAgent(closesAt + 6 * DAY_MS, now);
  }
  return humanAgent(closesAt, now);
}

function humanAgent(closesAt: number, now: number): WindowNotice {
  if (now >= closesAt) return { state: "closed", label: "Reply window closed", reason: WINDOW_CLOSED_TEXT };
  return { state: "human_agent", label: "Human agent reply", detail: `${formatDuration(closesAt - now)} left to reply as a human agent` };
}

/** When the customer last wrote, as far as the window tells (open windows close 24 h after it). */
export function lastInboundFromWindow(window: WindowState | null | undefined): number | null {
  if (!window || window.state !== "open" || !window.closes_at) return null;
  const closes = new Date(window.closes_at).getTime();
  return Number.isNaN(closes) ? null : closes - DAY_MS;
}
