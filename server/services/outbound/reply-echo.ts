import { createHmac, timingSafeEqual } from "node:crypto";
import { db } from "@/server/db";
import { env } from "@/server/env";
import { isUuid } from "@/lib/ids";
import { announceUpdate } from "@/server/services/conversations/message-update";

// An agent's reply is stored (pending) before its Send API call, and the call carries that row's id in the
// message's `metadata`, which Meta hands back in the echo webhook (`message.metadata`). The echo is matched
// to the reply by it — never by its text: two agents may send the same words a minute apart, and someone may
// type them in Facebook's Page Inbox, whose echo carries no metadata of ours and so becomes the Page's own
// message, attributed to no agent.
//
// Another app the Page uses may put any metadata in its messages, and their echoes reach us too. So the
// metadata is signed (HMAC of the row and its conversation under a server secret), and only a pending
// outbound row of the echo's own conversation can be settled by it: a made-up or copied string settles
// nothing, and never a row of another conversation or company.

const PREFIX = "sb-reply:";

function signature(messageId: string, conversationId: string): string {
  // 128 bits: the metadata stays short (Meta allows 1000 characters) and cannot be guessed.
  return createHmac("sha256", `reply-echo:${env().AUTH_SECRET}`).update(`${messageId}:${conversationId}`).digest("base64url").slice(0, 22);
}

/** The Send API `metadata` for an agent's reply stored as `messageId` (at most ~70 characters). */
export function replyMetadata(messageId: string, conversationId: string): string {
  return `${PREFIX}${messageId}.${signature(messageId, conversationId)}`;
}

/** The reply an echo's metadata names, when the metadata is ours and signed for this conversation. */
function namedReply(metadata: string | undefined, conversationId: string): string | null {
  if (!metadata?.startsWith(PREFIX)) return null;
  const [id, given] = metadata.slice(PREFIX.length).split(".");
  if (!id || !given || !isUuid(id)) return null;
  const expected = Buffer.from(signature(id, conversationId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}

/**
 * Called by the webhook ingest for an echo of this conversation whose mid is not stored yet. When the echo
 * names one of our replies, that reply takes Meta's id and is sent — also when the echo got here before
 * the Send API's answer, or after the stale-send sweep gave up on it (the echo proves Meta took it) — and
 * the agents' screens are told. Returns true when the echo is accounted for by a reply (settled now, or
 * given this mid by the Send API's answer meanwhile); false when it is the Page's own message to store.
 */
export async function settleReplyEcho(conversationId: string, metadata: string | undefined, mid: string): Promise<boolean> {
  const id = namedReply(metadata, conversationId);
  if (!id) return false;
  const settled = await db.message.updateMany({
    where: {
      id,
      conversationId,
      direction: "outbound",
      mid: null,
      // Failed too: the echo proves Meta took it (a refusal that was not one, or the sweep gave up early).
      sendStatus: { in: ["pending", "failed"] },
    },
    data: { mid, sendStatus: "sent", errorMessage: null, errorCode: null },
  });
  if (settled.count === 1) {
    await announceUpdate(id);
    return true;
  }
  // The answer attached this mid between the ingest's check and this statement: a duplicate of the reply.
  return (await db.message.count({ where: { id, mid } })) === 1;
}
