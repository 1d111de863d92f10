import { db } from "@/server/db";
import { agentMessageFor, GraphError } from "@/server/integrations/meta/graph-errors";
import { messageSelect, type MessageRow } from "@/server/services/conversations/serialize";
import { announceUpdate } from "@/server/services/conversations/message-update";

// What becomes of an agent's reply whose Send API call did not succeed (issue 30). The row is never
// removed: the thread keeps what the agent wrote, and every agent sees what became of it.
// - Meta answered with a refusal (4xx, 5xx, rate limits 4/17/32/613): it did not take the message. The
//   reply is failed, with Meta's reason in words, and the agent may retry it (retry-reply.ts).
// - No answer came (a timeout, a connection cut after the request went out, a 200 without a message id):
//   Meta may have taken it. Sending it again could reach the customer twice, so it is not resent: the
//   reply stays pending, marked unconfirmed, until its echo settles it as sent (reply-echo.ts — every
//   message Meta takes is echoed with our signed metadata) or the stale-send sweep, having heard no echo,
//   marks it failed (fail-stale-sends.ts).
// - Its echo settled it meanwhile: it was sent.

/** Under a reply whose Send API call got no answer, until its echo or the sweep decides. */
export const UNCONFIRMED_SEND_TEXT = "Facebook did not answer; waiting for its confirmation before this shows as sent or failed.";

export type FailedSend = { outcome: "sent"; mid: string } | { outcome: "unconfirmed"; row: MessageRow } | { outcome: "failed"; row: MessageRow };

/** Whether Meta may have carried out the request although no answer came. */
export function mayHaveArrived(error: unknown): boolean {
  return !(error instanceof GraphError) || error.unanswered;
}

export async function settleFailedSend(messageId: string, error: unknown): Promise<FailedSend> {
  const unconfirmed = mayHaveArrived(error);
  const { count } = await db.message.updateMany({
    where: { id: messageId, mid: null, sendStatus: "pending" },
    data: unconfirmed
      ? { errorMessage: UNCONFIRMED_SEND_TEXT }
      : { sendStatus: "failed", errorMessage: agentMessageFor(error as GraphError), errorCode: (error as GraphError).code ?? null },
  });
  const row = await db.message.findUniqueOrThrow({ where: { id: messageId }, select: messageSelect });
  // Settled by its echo before the answer's failure was known (or marked by the sweep meanwhile).
  if (row.mid) return { outcome: "sent", mid: row.mid };
  if (count) await announceUpdate(messageId);
  return row.sendStatus === "failed" ? { outcome: "failed", row } : { outcome: "unconfirmed", row };
}
