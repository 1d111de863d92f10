// Comments under a Page's posts, as the API and the socket carry them (issue 42): what /api/comments
// answers and what `comment-updated` brings. Browser-safe.

import type { ConversationStatus } from "@/lib/contract/inbox-api";
import type { LabelColor } from "@/lib/schemas/labels";

/** Where a comment was written: Facebook (the Page's feed) or Instagram (the linked account's media). */
export type CommentKind = "fb_comment" | "ig_comment";

/** Meta allows one private reply per comment, within this many days of the comment. */
export const PRIVATE_REPLY_DAYS = 7;
export const PRIVATE_REPLY_SENT = "A private reply was already sent for this comment. Meta allows only one.";
export const PRIVATE_REPLY_EXPIRED = `This comment is more than ${PRIVATE_REPLY_DAYS} days old. Meta allows a private reply only within ${PRIVATE_REPLY_DAYS} days.`;

/**
 * An Instagram @mention of the Page's account on someone else's media: in a comment, or in the media's
 * caption (then the comment stands for the caption). Null: a comment under the Page's own posts.
 */
export type MentionKind = "comment" | "caption";
/** Meta lets the account answer a mention in public only: the rest is the media owner's. */
export const MENTION_PUBLIC_ONLY = "This mention is on someone else's Instagram post: Instagram allows only a public reply to it (no private reply, like, hide or delete).";

/** A label on a commenter: shown on every comment of that person on the Page (lowercased, like a conversation's tags). */
export type CommenterLabel = { name: string; color: LabelColor };

export type ApiComment = {
  id: string;
  kind: CommentKind;
  postId: string;
  /** Meta's id of the comment. */
  externalId: string;
  /** Meta's id of the comment this one answers; null for a comment on the post. */
  parentExternalId: string | null;
  author: { id: string; name: string };
  /** The Page's own comment (a public reply), not a customer's. */
  fromPage: boolean;
  text: string;
  createdTime: string;
  editedAt: string | null;
  hidden: boolean;
  removed: boolean;
  liked: boolean;
  /** The private reply sent for it, and the conversation it continues in. */
  privateReply: { at: string; conversationId: string | null } | null;
  /** Whether a private reply may still be sent (none yet, and within PRIVATE_REPLY_DAYS). */
  privateReplyOpen: boolean;
  answeredAt: string | null;
  mention: MentionKind | null;
  /** The team's work on a customer's comment (docs/PRODUCT.md §12): who has it, open / done / snoozed (until when), and whether anyone of the team saw it. The Page's own comments: null, open, null, true. */
  assignee: { id: string; name: string } | null;
  status: ConversationStatus;
  snoozedUntil: string | null;
  seen: boolean;
  /** The commenter's labels on this Page (issue 42 point 3); none on the Page's own comments. */
  labels: CommenterLabel[];
  /** How many private notes the team wrote on this comment. */
  noteCount: number;
};

export type ApiPost = {
  id: string;
  kind: CommentKind;
  externalId: string;
  text: string | null;
  pictureUrl: string | null;
  permalink: string | null;
  lastCommentAt: string;
  comments: ApiComment[];
};

/** GET /api/comments?pageId — the Page's posts with comments, the most recently commented first; with `q`, only the matching comments under their posts. */
export type CommentsPage = { posts: ApiPost[]; nextCursor: string | null };

/** A comment arrived or changed (webhook, or an agent's action): its post without the other comments. */
export type CommentUpdatedEvent = { pageId: string; post: Omit<ApiPost, "comments">; comment: ApiComment };
