import { fetchRecentThreadMessages } from "@/server/integrations/meta/graph-client";
import type { SendTarget } from "@/workers/offers/context";

// A send whose outcome the worker never learnt — its process died mid-call, or Facebook did not answer —
// is looked up in Facebook's own record of the thread (Conversations API) before anything else happens to
// it: delivered → settled sent with Meta's message id; not there → safe to send again; the lookup itself
// failing → we cannot know, so it is never sent again (a missed offer is better than a duplicate one).

export type DeliveryVerdict = { delivered: true; messageId: string } | { delivered: false } | { unknown: string };

/** Meta's created_time has seconds precision and its clock is not ours. */
const CLOCK_SLACK_MS = 5_000;

export async function lookUpDelivery(target: SendTarget, psid: string, since: Date): Promise<DeliveryVerdict> {
  try {
    const messages = await fetchRecentThreadMessages(target.facebookPageId, target.token, psid);
    const match = messages.find(
      (m) => m.fromId === target.facebookPageId && m.createdTime.getTime() >= since.getTime() - CLOCK_SLACK_MS && target.isOfferMessage(m),
    );
    return match ? { delivered: true, messageId: match.id } : { delivered: false };
  } catch (error) {
    return { unknown: (error as Error).message };
  }
}
