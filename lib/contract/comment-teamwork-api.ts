import type { CommenterLabel, CommentKind } from "@/lib/contract/comments-api";

// The team's own layer on a customer's comment (issue 42 point 3, docs/PRODUCT.md §12): private notes on the
// comment, labels on the person who wrote it, and who of the team is typing an answer to it. What the API
// answers and what the socket carries; browser-safe.

/** A private note of the team on a comment (never sent to Meta). */
export type ApiCommentNote = {
  id: string;
  commentId: string;
  pageId: string;
  text: string;
  createdAt: string;
  updatedAt: string;
  author: { id: string; name: string } | null;
};

/** POST/DELETE /api/comments/{id}/labels: the commenter's labels after the change. */
export type CommenterLabelsResponse = { labels: CommenterLabel[] };

/** A note on a comment was added, edited or deleted: the comment's note count, and what changed. */
export type CommentNotesEvent = { pageId: string; commentId: string; noteCount: number; change: "added" | "updated" | "deleted"; note: ApiCommentNote };

/** A commenter's labels changed: every comment of that person on the Page (same network, same Meta id) shows these. */
export type CommenterLabelsEvent = { pageId: string; kind: CommentKind; authorId: string; labels: CommenterLabel[] };

/** An agent started or stopped writing an answer (public or private) to a comment: "<name> is typing…" under it. */
export type CommentTypingEvent = { pageId: string; commentId: string; userId: string; name: string; typing: boolean };
