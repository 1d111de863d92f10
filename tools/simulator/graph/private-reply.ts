import type { SimContext } from "../context";
import { commenterAsCustomer, PRIVATE_REPLY_WINDOW_MS } from "../feed";
import { assertWeHoldThread } from "../handover";
import { messageId } from "../ids";
import { findCustomer, type SentMessage, type SimPage } from "../state";
import { scheduleEchoAndDelivery } from "../webhook/receipts";
import { GraphApiError, unsupportedRequest } from "./graph-error";
import type { PrivateReplyRequest } from "./send-request";

// A private reply: the Send API with `recipient: {comment_id}` (POST /{page-id}/messages), Meta's way for a
// Page to answer a comment in the commenter's Messenger (or, under Instagram media, Direct) inbox. Meta
// allows one per comment ((#10900) after that) within 7 days of the comment ((#10903) after that, and
// for the Page's own comments). The messaging window does not apply: the person may never have written
// (messaging-window.ts is not consulted). The commenter becomes a customer of the Page if they were not
// one, so the thread goes on like any other: their answer arrives as an ordinary message, and the Page's
// next message needs it (the reply itself opens no window). The answer names the person's PSID or IGSID.

export function sendPrivateReply(sim: SimContext, page: SimPage, request: PrivateReplyRequest): SentMessage {
  const comment = sim.state.feed.comments.get(request.commentId);
  // A comment on someone else's media (an @mention of the account) is not the Page's to answer privately.
  if (!comment || comment.pageId !== page.pageId || comment.deleted || sim.state.feed.posts.get(comment.postId)?.owner) throw unsupportedRequest("POST", request.commentId);
  const now = sim.now();
  if (comment.privateReply) throw new GraphApiError(10900);
  if (comment.author.isPage || now - comment.createdTime > PRIVATE_REPLY_WINDOW_MS) throw new GraphApiError(10903);
  // A person who already has a thread: the handover protocol decides who may write in it, as for any send.
  if (findCustomer(sim.state, page.pageId, comment.author.id)) assertWeHoldThread(sim, page.pageId, comment.author.id);
  const customer = commenterAsCustomer(sim, comment);
  const sent: SentMessage = {
    pageId: page.pageId,
    psid: customer.psid,
    messagingType: "RESPONSE",
    message: request.message,
    content: { text: request.text },
    mid: messageId(),
    time: now,
    privateReplyTo: comment.id,
  };
  sim.state.sent.push(sent);
  comment.privateReply = { mid: sent.mid, at: now };
  sim.log(`private reply ${page.pageId} → ${customer.psid} to comment ${comment.id}: ${request.text}`);
  scheduleEchoAndDelivery(sim, { pageId: page.pageId, psid: customer.psid, mid: sent.mid, timestamp: now, appId: sim.appId, text: request.text });
  return sent;
}
