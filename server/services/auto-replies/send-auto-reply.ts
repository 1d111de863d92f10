import { db } from "@/server/db";
import { firstRow, rows } from "@/server/db/sql/run";
import { claimAutoReplySql, unclaimedAutoRepliesSql } from "@/server/db/sql/auto-replies";
import { sendMessage as graphSend } from "@/server/integrations/meta/graph-client";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { decryptSecret } from "@/server/security/secret-box";
import { messagingWindow } from "@/lib/contract/messaging-window";
import { announceUpdate } from "@/server/services/conversations/message-update";
import { attachMid } from "@/server/services/outbound/attach-mid";
import { replyMetadata } from "@/server/services/outbound/reply-echo";
import { settleFailedSend } from "@/server/services/outbound/failed-send";
import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";

/** Under an automatic reply whose sender stopped until the customer's 24 hours had passed. */
export const AUTO_REPLY_TOO_LATE = "Not sent: the 24-hour window closed before this automatic reply could go.";

/**
 * The decider's sender gets to a reply within milliseconds; one still unclaimed after this was left by a
 * stopped process, and the sweep sends it. Both may try: the claim lets one.
 */
export const AUTO_REPLY_PICKUP_MS = 10_000;

export type AutoReplyOutcome = "sent" | "failed" | "unconfirmed" | "taken";

/**
 * Sends a decided automatic reply exactly once: the claim (created_at moves off UNCLAIMED_AT) is taken by
 * one caller only, before the Send API call; a process that stops after it leaves the row to the stale-send
 * sweep and the echo (failed-send.ts), never to a second call. Its metadata names the row, so the echo
 * settles it as it does an agent's reply (reply-echo.ts). Only as a standard reply inside the 24 h window:
 * an automatic message is never sent under the human-agent tag.
 */
export async function sendAutoReply(messageId: string, now = new Date()): Promise<AutoReplyOutcome> {
  const claimed = await firstRow(claimAutoReplySql(messageId));
  if (!claimed) return "taken";
  if (messagingWindow(claimed.lastInboundAt, now).state !== "open") {
    await db.message.update({ where: { id: claimed.id }, data: { sendStatus: "failed", errorMessage: AUTO_REPLY_TOO_LATE } });
    await announceUpdate(claimed.id);
    return "failed";
  }
  try {
    const result = await graphSend(claimed.facebookPageId, decryptSecret(claimed.accessTokenEnc), {
      recipientId: claimed.psid,
      messagingType: "RESPONSE",
      message: { text: claimed.text, metadata: replyMetadata(claimed.id, claimed.conversationId) },
      retries: 1,
    });
    await attachMid(claimed.id, result.messageId, null);
    await announceUpdate(claimed.id);
    return "sent";
  } catch (error) {
    if (error instanceof GraphError && error.kind === "token_invalid") await markNeedsToken(claimed.pageId, "POST /messages");
    // Refused: failed with Meta's reason; no answer: pending until its echo or the stale-send sweep decides.
    return (await settleFailedSend(claimed.id, error)).outcome;
  }
}

/** The sweep's part (workers/jobs/stale-sends.ts): automatic replies decided but never claimed, sent now. */
export async function sendUnclaimedAutoReplies(now = new Date()): Promise<number> {
  const left = await rows(unclaimedAutoRepliesSql(new Date(now.getTime() - AUTO_REPLY_PICKUP_MS), 100));
  let sent = 0;
  for (const { id } of left) if ((await sendAutoReply(id, now)) !== "taken") sent++;
  return sent;
}
