import type { ApiComment, ApiPost } from "@/lib/contract/comments-api";
import type { CommentView } from "@/lib/schemas/comments";

// The comments view's filters in the browser (docs/PRODUCT.md §12), the same test the API's view applies
// (server/db/sql/comment-work.ts commentViewSql): so a comment that an action or a live event moves out of the
// view leaves it at once, and one that comes into it shows, without a refetch. Pure (tests/unit/comment-views.test.ts).

export const COMMENT_VIEW_LABELS: Record<CommentView, string> = { open: "Open", mine: "Mine", unassigned: "Unassigned", done: "Done", snoozed: "Snoozed" };

/** What each view shows when empty. */
export const COMMENT_VIEW_EMPTY: Record<CommentView, string> = {
  open: "No open comments",
  mine: "No open comments assigned to you",
  unassigned: "No open comments without someone on them",
  done: "No comments marked done",
  snoozed: "No snoozed comments",
};

/**
 * Whether a customer's comment is in the view. A comment removed on Facebook stays where it was shown until the
 * next load (the agent sees "Removed on Facebook" rather than a comment vanishing under the pointer); the API
 * leaves removed ones out.
 */
export function inView(comment: ApiComment, view: CommentView, userId: string | null): boolean {
  if (comment.fromPage) return false;
  switch (view) {
    case "open":
      return comment.status === "open";
    case "mine":
      return comment.status === "open" && comment.assignee?.id === userId;
    case "unassigned":
      return comment.status === "open" && comment.assignee === null;
    case "done":
      return comment.status === "done";
    case "snoozed":
      return comment.status === "snoozed";
  }
}

/** The posts with at least one comment in the view, each with those comments and the Page's replies to them. */
export function postsInView(posts: ApiPost[], view: CommentView, userId: string | null): ApiPost[] {
  const shown: ApiPost[] = [];
  for (const post of posts) {
    const matching = post.comments.filter((c) => inView(c, view, userId));
    if (!matching.length) continue;
    const parents = new Set(matching.map((c) => c.externalId));
    shown.push({ ...post, comments: post.comments.filter((c) => parents.has(c.externalId) || (c.fromPage && c.parentExternalId !== null && parents.has(c.parentExternalId))) });
  }
  return shown;
}

/** The customers' comments shown that nobody of the team has seen: what the view marks read. */
export function unseenIds(posts: ApiPost[]): string[] {
  return posts.flatMap((p) => p.comments.filter((c) => !c.fromPage && !c.seen && !c.removed).map((c) => c.id));
}
