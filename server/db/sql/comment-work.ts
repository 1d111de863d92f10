import { sql } from "kysely";
import type { CommentView } from "@/lib/schemas/comments";
import { prepared } from "@/server/db/sql/run";

// The team's work on customers' comments (issue 42 point 3, docs/PRODUCT.md §12). The predicates are written
// out, not passed as values: only then does the planner see they match the partial index comments_open_work_idx
// (NOT from_page AND removed_at IS NULL AND status = 'open'), in a generic plan as in a custom one — so a
// Page's count reads its open comments, never its history (tests/integration/plans-without-statistics*.test.ts).

export type UnreadCommentsRow = { pageId: string; unread: number };

/** Per Page, its customers' open comments nobody of the team has seen yet: the tabs' and the Comments switch's counts. */
export function unreadCommentCounts(pageIds: string[]) {
  return prepared("comments-unread-counts", sql<UnreadCommentsRow>`
    SELECT c.page_id AS "pageId", count(*)::int AS unread
      FROM comments c
     WHERE c.page_id = ANY(${pageIds}::uuid[]) AND NOT c.from_page AND c.removed_at IS NULL AND c.status = 'open'
       AND c.seen_at IS NULL
     GROUP BY c.page_id`);
}

/** Seen now, those of `ids` that are the Page's customers' comments and were unread; their ids. */
export function markCommentsSeen(pageId: string, ids: string[]) {
  return prepared("comments-mark-seen", sql<{ id: string }>`
    UPDATE comments c SET seen_at = now()
     WHERE c.id = ANY(${ids}::uuid[]) AND c.page_id = ${pageId}::uuid AND NOT c.from_page AND c.seen_at IS NULL
    RETURNING c.id`);
}

/** A view's test on the comments row `c` (the view's words: lib/schemas/comments.ts COMMENT_VIEWS). */
function commentViewSql(view: CommentView, actorId: string) {
  const customer = sql`NOT c.from_page AND c.removed_at IS NULL`;
  switch (view) {
    case "open":
      return sql<boolean>`${customer} AND c.status = 'open'`;
    case "mine":
      return sql<boolean>`${customer} AND c.status = 'open' AND c.assignee_id = ${actorId}::uuid`;
    case "unassigned":
      return sql<boolean>`${customer} AND c.status = 'open' AND c.assignee_id IS NULL`;
    case "done":
      return sql<boolean>`${customer} AND c.status = 'done'`;
    case "snoozed":
      // A comment's snooze always has its time (lib/schemas/comment-work.ts): comments_snoozed_idx holds them all.
      return sql<boolean>`${customer} AND c.status = 'snoozed' AND c.snoozed_until IS NOT NULL`;
  }
}

/**
 * A page of the view's posts: those with at least one comment in the view, the most recently commented first,
 * after the keyset `after` (the previous page's last post). Open, Mine, Unassigned and Snoozed start from their
 * comments, read through a partial index (comments_open_work_idx, comments_snoozed_idx): O(the Page's open, or
 * everyone's snoozed, comments), however long its history. Done has no index of its own (it is the history):
 * it walks the Page's posts newest first and probes each one's comments until the page is full — a LATERAL
 * with LIMIT 1, which the planner cannot flatten into a join over every done comment.
 */
export function postsInView(s: { pageId: string; view: CommentView; actorId: string; after: { at: Date; id: string } | null; limit: number }) {
  const after = s.after ? sql`AND (p.last_comment_at, p.id) < (${s.after.at}::timestamptz, ${s.after.id}::uuid)` : sql``;
  const match = commentViewSql(s.view, s.actorId);
  const name = `comments-view-${s.view}${s.after ? "-after" : ""}`;
  if (s.view === "done") {
    return prepared(name, sql<{ id: string }>`
      SELECT p.id FROM posts p
       CROSS JOIN LATERAL (SELECT 1 FROM comments c WHERE c.post_id = p.id AND ${match} LIMIT 1) hit
       WHERE p.page_id = ${s.pageId}::uuid ${after}
       ORDER BY p.last_comment_at DESC, p.id DESC
       LIMIT ${s.limit}`);
  }
  return prepared(name, sql<{ id: string }>`
    SELECT p.id FROM (SELECT DISTINCT c.post_id FROM comments c WHERE c.page_id = ${s.pageId}::uuid AND ${match}) hit
      JOIN posts p ON p.id = hit.post_id
     WHERE p.page_id = ${s.pageId}::uuid ${after}
     ORDER BY p.last_comment_at DESC, p.id DESC
     LIMIT ${s.limit}`);
}

/**
 * Up to `limit` snoozed comments whose time has come, open again; their ids. Through comments_snoozed_idx
 * (status = 'snoozed' AND snoozed_until IS NOT NULL, written out to match it); SKIP LOCKED as the conversations'
 * sweep (workers/conversations/wake-snoozed.ts): two workers never wake the same row, nor wait on one an agent changes.
 */
export function wakeDueComments(now: Date, limit: number) {
  return prepared("comments-wake-snoozed", sql<{ id: string }>`
    UPDATE comments SET status = 'open', snoozed_until = NULL
     WHERE id IN (SELECT d.id FROM comments d WHERE d.status = 'snoozed' AND d.snoozed_until IS NOT NULL AND d.snoozed_until <= ${now}
                   ORDER BY d.snoozed_until LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`);
}
