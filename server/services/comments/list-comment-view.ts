import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import type { CommentView, TCommentsQuery } from "@/lib/schemas/comments";
import type { CommentsPage } from "@/lib/contract/comments-api";
import { findVisiblePage } from "@/server/access/pages";
import { rows } from "@/server/db/sql/run";
import { postsInView } from "@/server/db/sql/comment-work";
import { commentSelect, postSelect, toApiComment, toApiPost } from "@/server/services/comments/serialize";

const POSTS_PER_PAGE = 20;
const COMMENTS_PER_POST = 200;

/** commentViewSql's test (server/db/sql/comment-work.ts) in Prisma's words, for the comments of the posts found. */
function viewWhere(view: CommentView, actorId: string): Prisma.CommentWhereInput {
  const customer = { fromPage: false, removedAt: null };
  switch (view) {
    case "open":
      return { ...customer, status: "open" };
    case "mine":
      return { ...customer, status: "open", assigneeId: actorId };
    case "unassigned":
      return { ...customer, status: "open", assigneeId: null };
    case "done":
      return { ...customer, status: "done" };
    case "snoozed":
      return { ...customer, status: "snoozed" };
  }
}

function keyset(cursor: string | undefined): { at: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = cursor.split("|");
  if (!at || !id || Number.isNaN(Date.parse(at)) || !isUuid(id)) throw new AppError("bad_request", "cursor is not one this API gave", { fields: { cursor: "cursor is not one this API gave" } });
  return { at: new Date(at), id };
}

/**
 * GET /api/comments?pageId&view (docs/PRODUCT.md §12): the Open, Mine, Unassigned, Done or Snoozed view. The
 * posts with at least one customer comment in the view, the most recently commented first, 20 a page; under
 * each the comments in the view and the Page's replies to them — what the team still has to do (or did),
 * without the rest of the thread. Three statements whatever the page holds.
 */
export async function listCommentView(actor: Actor, query: TCommentsQuery & { view: CommentView }): Promise<CommentsPage & { pageId: string }> {
  const page = await findVisiblePage(actor, query.pageId);
  const found = await rows(postsInView({ pageId: page.id, view: query.view, actorId: actor.id, after: keyset(query.cursor), limit: POSTS_PER_PAGE + 1 }));
  const ids = found.slice(0, POSTS_PER_PAGE).map((p) => p.id);
  if (!ids.length) return { pageId: page.id, posts: [], nextCursor: null };
  const posts = await db.post.findMany({
    where: { id: { in: ids } },
    orderBy: [{ lastCommentAt: "desc" }, { id: "desc" }],
    select: { ...postSelect, comments: { where: viewWhere(query.view, actor.id), select: commentSelect, orderBy: [{ createdTime: "desc" }, { id: "desc" }], take: COMMENTS_PER_POST } },
  });
  const parents = posts.flatMap((p) => p.comments.map((c) => c.externalId));
  const replies = await db.comment.findMany({ where: { postId: { in: ids }, fromPage: true, parentExternalId: { in: parents } }, select: commentSelect });
  const now = Date.now();
  const last = posts.at(-1);
  return {
    pageId: page.id,
    posts: posts.map((post) => {
      const shown = [...post.comments, ...replies.filter((r) => r.postId === post.id)].sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime() || a.id.localeCompare(b.id));
      return { ...toApiPost(post), comments: shown.map((c) => toApiComment(c, now)) };
    }),
    nextCursor: found.length > POSTS_PER_PAGE && last ? `${last.lastCommentAt.toISOString()}|${last.id}` : null,
  };
}
