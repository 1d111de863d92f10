import type { SimCustomer } from "../state";
import { HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS } from "../../../lib/contract/messaging-window";
import { GraphApiError } from "./graph-error";

// Meta's messaging window: RESPONSE and UPDATE up to 24 h after the customer's last message; a
// MESSAGE_TAG with HUMAN_AGENT up to 7 days. Anything later is refused with (#10) / 2018278. A private
// reply to a comment is not held to it (private-reply.ts has its own 7 days, counted from the comment).


export function assertInsideWindow(customer: SimCustomer, messagingType: string, tag: string | undefined, now: number): void {
  const last = customer.lastMessageAt;
  const limit = messagingType === "MESSAGE_TAG" && tag === "HUMAN_AGENT" ? HUMAN_AGENT_WINDOW_MS : STANDARD_WINDOW_MS;
  if (last === undefined || now - last >= limit) throw new GraphApiError(10, { subcode: 2018278 });
}
