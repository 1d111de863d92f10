import { graphRequest, type SendResult } from "@/server/integrations/meta/graph-client";
import { graphPath } from "@/server/integrations/meta/graph-path";
import type { Channel } from "@/lib/inbox/channels";

// What a Page may do with a comment under its posts (docs/META.md, "Comments"): answer it publicly, answer
// it privately (the Send API with `recipient: {comment_id}`: one per comment, within 7 days; the person's
// answer then comes as a Messenger or Direct message), like it, hide it, delete it. Instagram's edges
// differ from Facebook's where noted. All with the Page's token.

/** A public answer under the comment; Meta echoes it to the feed webhook as the Page's own comment. */
export async function replyToComment(channel: Channel, commentId: string, token: string, text: string): Promise<string> {
  const edge = channel === "instagram" ? graphPath`${commentId}/replies` : graphPath`${commentId}/comments`;
  const result = await graphRequest<{ id: string }>(edge, { method: "POST", token, body: { message: text }, repeatable: false });
  return result.id;
}

/** The private reply: a message to the commenter, in Messenger or Instagram Direct. */
export async function sendPrivateReply(facebookPageId: string, token: string, commentId: string, text: string): Promise<SendResult> {
  const result = await graphRequest<{ recipient_id: string; message_id: string }>(graphPath`${facebookPageId}/messages`, {
    method: "POST",
    token,
    // Sent twice, the second is refused (one per comment) or reaches the person twice: never repeated.
    repeatable: false,
    body: { recipient: { comment_id: commentId }, message: { text } },
  });
  return { recipientId: result.recipient_id, messageId: result.message_id };
}

export async function setCommentHidden(channel: Channel, commentId: string, token: string, hidden: boolean): Promise<void> {
  const body = channel === "instagram" ? { hide: hidden } : { is_hidden: hidden };
  await graphRequest(graphPath`${commentId}`, { method: "POST", token, body });
}

export async function setCommentLiked(commentId: string, token: string, liked: boolean): Promise<void> {
  await graphRequest(graphPath`${commentId}/likes`, { method: liked ? "POST" : "DELETE", token });
}

export async function deleteComment(commentId: string, token: string): Promise<void> {
  await graphRequest(graphPath`${commentId}`, { method: "DELETE", token });
}

export type PostDetails = { text: string | null; pictureUrl: string | null; permalink: string | null };

/** What the comments view shows of a post: its text, picture and link. */
export async function fetchPostDetails(channel: Channel, postId: string, token: string): Promise<PostDetails> {
  if (channel === "instagram") {
    const m = await graphRequest<{ caption?: string; media_url?: string; thumbnail_url?: string; permalink?: string }>(graphPath`${postId}`, { token, query: { fields: "caption,media_url,thumbnail_url,permalink" } });
    return { text: m.caption ?? null, pictureUrl: m.thumbnail_url ?? m.media_url ?? null, permalink: m.permalink ?? null };
  }
  const p = await graphRequest<{ message?: string; full_picture?: string; permalink_url?: string }>(graphPath`${postId}`, { token, query: { fields: "message,full_picture,permalink_url" } });
  return { text: p.message ?? null, pictureUrl: p.full_picture ?? null, permalink: p.permalink_url ?? null };
}
