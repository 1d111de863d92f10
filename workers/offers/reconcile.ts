import { fetchRecentThreadMessages } from "@/server/integrations/meta/graph-client";
import type { SendTarget } from "@/workers/offers/context";
import type { Channel } from "@/lib/inbox/channels";

// A send whose outcome the worker never learnt — its process died mid-call, or Facebook did not answer —
// is looked up in Facebook's own record of the thread (Conversations API) before anything else happens to
// it: delivered → settled sent with Meta's message id; not there → safe to send again; the lookup itself
// failing → we cannot know, so it is never sent again (a missed offer is better than a duplicate one).

export type DeliveryVerdict = { delivered: true; messageId: string } | { delivered: false } | { unknown: string };

/** Meta's created_time has seconds precision and its clock is not ours. */
const CLOCK_SLACK_MS = 5_000;

export async function lookUpDelivery(target: SendTarget, person: { psid: string; channel: Channel }, since: Date): Promise<DeliveryVerdict> {
  // On Instagram the thread is the linked account's, and what the business sent is from that account.
  const business = person.channel === "instagram" ? [target.facebookPageId, target.instagramId] : [target.facebookPageId];
  try {
    const messages = await fetchRecentThreadMessages(target.facebookPageId, target.token, person.psid, { platform: person.channel });
    const match = messages.find(
      (m) => business.includes(m.fromId) && m.createdTime.getTime() >= since.getTime() - CLOCK_SLACK_MS && target.isOfferMessage(m),
    );
    return match ? { delivered: true, messageId: match.id } : { delivered: false };
  } catch (error) {
    return { unknown: (error as Error).message };
  }
}
