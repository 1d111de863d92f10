import { applyPolicyEvent } from "@/server/services/pages/policy/apply-policy-event";

// Meta's "Page temporarily restricted" (error 10, subcode 1893063; docs/META.md): a send refused because
// Meta restricted the Page for a while. It is page health, like a policy warning: the Page's banner and
// screens show it and the company admins get one e-mail — kept as a warning, not a block, because no event
// says when it ends: each send is still tried, and refused with the reason in words until it does.

export const PAGE_RESTRICTED_REASON = "Meta has temporarily restricted this Page (error 10/1893063): it cannot send messages for now.";

const DAY_MS = 86_400_000;

/** Recorded once a day per Page (the event's time is the day's start), so one refusal after another mails once. */
export async function markPageRestricted(pageId: string, now = Date.now()): Promise<void> {
  await applyPolicyEvent({ id: pageId }, { action: "warning", reason: PAGE_RESTRICTED_REASON, timestamp: now - (now % DAY_MS) });
}
