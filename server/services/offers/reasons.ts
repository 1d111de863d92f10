// Why a recipient was not sent the offer, or why an offer stopped: stored in offer_recipients.reason and
// offers.status_reason, shown to admins as they are.

export const RECIPIENT_REASONS = {
  outsideWindow: "outside 24h window",
  /** The conversation is in the spam folder and the offer did not include spam. */
  markedSpam: "marked as spam",
  personUnavailable: "person unavailable",
  /** Another app of the page (the Page Inbox, a bot) controls the person's thread (handover protocol). */
  threadControlled: "another app controls the conversation",
  /**
   * A worker died between claiming the row and recording Meta's answer, and Facebook's record of the
   * thread could not be read to tell whether it arrived (see docs/API.md, Offers).
   */
  interrupted: "interrupted, not retried to avoid a duplicate",
  /** The Send API call got no answer (timeout, connection reset) and the thread could not be read either. */
  noAnswer: "no answer from Facebook, not retried to avoid a duplicate",
  /** A text offer over Instagram's 1000-byte limit, for a person who writes on Instagram. */
  instagramTooLong: "too long for Instagram (1000 bytes)",
  /** Facebook kept failing with a temporary error. */
  transient: "Facebook kept failing temporarily",
} as const;

export const OFFER_REASONS = {
  tokenInvalid: "The page's Facebook access token is no longer valid. Reconnect the page, then resume the offer.",
  rateLimited: "Facebook kept rate-limiting this page. Resume the offer later.",
  noAnswer: "Facebook stopped answering. Resume the offer when it is reachable again.",
  imageUpload: (detail: string) => `The offer image could not be uploaded to Facebook (${detail}). Resume to try again.`,
  pausedBy: (name: string) => `Paused by ${name}`,
  cancelledBy: (name: string) => `Cancelled by ${name}`,
  crashed: (detail: string) => `Stopped by an internal error: ${detail}`,
  notQueued: "The offer could not be queued. Resume it again.",
  /** Set when Meta blocks the page; the offer resumes by itself when Meta lifts the block (page-policy/). */
  policyBlocked: "Meta has blocked messaging for this page. The offer resumes when Meta lifts the block.",
} as const;

/** Recipient reasons are short; Facebook's own messages are cut to fit a table cell. */
export function refusedBy(message: string): string {
  return `Facebook refused: ${message}`.slice(0, 300);
}
