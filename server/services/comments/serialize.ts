import type { Prisma } from "@/server/generated/prisma/client";
import { PRIVATE_REPLY_DAYS, type ApiComment, type ApiPost, type CommentKind, type MentionKind } from "@/lib/contract/comments-api";
import type { Channel } from "@/lib/inbox/channels";

// Rows of posts and comments → what the API and the socket carry (lib/contract/comments-api.ts).

export const commentSelect = {
  id: true,
  channel: true,
  postId: true,
  externalId: true,
  parentExternalId: true,
  authorId: true,
  authorName: true,
  fromPage: true,
  text: true,
  createdTime: true,
  editedAt: true,
  hidden: true,
  removedAt: true,
  likedAt: true,
  privateReplyAt: true,
  privateReplyConversationId: true,
  answeredAt: true,
  mention: true,
  assignee: { select: { id: true, name: true } },
  status: true,
  snoozedUntil: true,
  seenAt: true,
} satisfies Prisma.CommentSelect;

export const postSelect = { id: true, channel: true, externalId: true, text: true, pictureUrl: true, permalink: true, lastCommentAt: true } satisfies Prisma.PostSelect;

export type CommentRow = Prisma.CommentGetPayload<{ select: typeof commentSelect }>;
export type PostRow = Prisma.PostGetPayload<{ select: typeof postSelect }>;

export const kindOf = (channel: Channel): CommentKind => (channel === "instagram" ? "ig_comment" : "fb_comment");

const DAY_MS = 86_400_000;

/** Whether Meta would still take a private reply to this comment (one per comment, within 7 days; never for a mention). */
export function privateReplyOpen(row: Pick<CommentRow, "privateReplyAt" | "createdTime" | "fromPage" | "removedAt" | "mention">, now = Date.now()): boolean {
  return !row.fromPage && !row.removedAt && !row.privateReplyAt && !row.mention && now - row.createdTime.getTime() < PRIVATE_REPLY_DAYS * DAY_MS;
}

/** The column is free text in the database; only the two kinds this code writes are read as one. */
export const mentionOf = (value: string | null): MentionKind | null => (value === "comment" || value === "caption" ? value : null);

export function toApiComment(row: CommentRow, now = Date.now()): ApiComment {
  return {
    id: row.id,
    kind: kindOf(row.channel),
    postId: row.postId,
    externalId: row.externalId,
    parentExternalId: row.parentExternalId,
    author: { id: row.authorId, name: row.authorName },
    fromPage: row.fromPage,
    text: row.removedAt ? "" : row.text,
    createdTime: row.createdTime.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    hidden: row.hidden,
    removed: row.removedAt !== null,
    liked: row.likedAt !== null,
    privateReply: row.privateReplyAt ? { at: row.privateReplyAt.toISOString(), conversationId: row.privateReplyConversationId } : null,
    privateReplyOpen: privateReplyOpen(row, now),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    mention: mentionOf(row.mention),
    assignee: row.assignee,
    status: row.status,
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
    // The Page's own comments are never unread: only customers' are the team's to read.
    seen: row.fromPage || row.seenAt !== null,
    // The team's layer, filled where it is read in bulk (server/services/commenter-labels/with-teamwork.ts).
    labels: [],
    noteCount: 0,
  };
}

export function toApiPost(row: PostRow): Omit<ApiPost, "comments"> {
  return {
    id: row.id,
    kind: kindOf(row.channel),
    externalId: row.externalId,
    text: row.text,
    pictureUrl: row.pictureUrl,
    permalink: row.permalink,
    lastCommentAt: row.lastCommentAt.toISOString(),
  };
}
