import { relativeTime } from "@/lib/format/relative-time";

// Beyond the spec: whether a connected page really works. One state per page, worst first:
// - policy_blocked: Meta blocked the Page's messaging (messaging_policy_enforcement "block"); every send is
//   paused until Meta lifts it ("unblock").
// - needs_token: Graph answered 190 (invalid or expired token) to some call; a new token is needed.
// - policy_warning: Meta warned the Page that it breaks a Messenger policy (a block may follow).
// - unverified: connected before tokens were checked; nobody has asked Graph about this token yet.
// - not_subscribed: the token is fine but the app is not subscribed to the Page's webhooks, so no
//   messages arrive (the subscription failed and is being retried, or was never made).
// - healthy: Graph confirmed the token belongs to this Page and the subscription is in place.
// "Token valid" is shown only for a token Graph has confirmed.

export type TokenStatus = "valid" | "needs_token";
export type HealthState = "healthy" | "policy_blocked" | "needs_token" | "policy_warning" | "unverified" | "not_subscribed";
export type PolicyState = "warning" | "blocked";

export type PageHealthInput = {
  /** The row's column (server) or the API's `policy` object (browser). */
  policyState?: PolicyState | null;
  policy?: { state: PolicyState } | null;
  tokenStatus?: TokenStatus | null;
  verifiedAt?: string | Date | null;
  subscribedAt?: string | Date | null;
  lastWebhookAt?: string | Date | null;
};

export const HEALTH_LABELS: Record<HealthState, string> = {
  healthy: "Token valid",
  policy_blocked: "Blocked by Meta",
  needs_token: "Needs new token",
  policy_warning: "Policy warning",
  unverified: "Not verified",
  not_subscribed: "Not subscribed",
};

/** What an admin should do about each state (the Page screens and the inbox banner). */
export const HEALTH_HINTS: Record<HealthState, string> = {
  healthy: "Facebook confirmed this page's token and sends its messages here.",
  policy_blocked: "Meta blocked messaging for this page for breaking a Messenger policy. Sending is paused until Meta lifts the block.",
  needs_token: "Facebook refused this page's access token. Reconnect the page or enter a new token.",
  policy_warning: "Meta warned this page that it breaks a Messenger policy. Fix the cause, or Meta may block the page's messaging.",
  unverified: "This page's token has not been checked with Facebook yet. Reconnect the page to check it.",
  not_subscribed: "Facebook is not sending this page's messages here yet. Reconnect the page to subscribe it.",
};

export function healthState(page: PageHealthInput): HealthState {
  const policy = page.policyState ?? page.policy?.state ?? null;
  if (policy === "blocked") return "policy_blocked";
  if (page.tokenStatus === "needs_token") return "needs_token";
  if (policy === "warning") return "policy_warning";
  if (!page.verifiedAt) return "unverified";
  if (!page.subscribedAt) return "not_subscribed";
  return "healthy";
}

export type PageHealth = {
  state: HealthState;
  token: { ok: boolean; label: string };
  webhook: { ok: boolean; label: string };
};

export function pageHealth(page: PageHealthInput, now: number = Date.now()): PageHealth {
  const state = healthState(page);
  const last = page.lastWebhookAt ? new Date(page.lastWebhookAt) : null;
  const seen = last !== null && !Number.isNaN(last.getTime());
  return {
    state,
    token: { ok: state === "healthy", label: HEALTH_LABELS[state] },
    webhook: { ok: seen, label: seen ? `Last event ${relativeTime(last, now)}` : "No events yet" },
  };
}

/** What an agent is told when a send is refused because Meta blocked the page; Meta's reason follows when given. */
export function policyPausedText(reason: string | null | undefined): string {
  return `Meta has blocked messaging for this page, so sending is paused until Meta lifts the block.${reason ? ` Meta's reason: ${reason}` : ""}`;
}
