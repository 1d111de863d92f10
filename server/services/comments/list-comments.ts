import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisiblePage } from "@/server/access/pages";
import type { TCommentsQuery } from "@/lib/schemas/comments";
import type { CommentsPage } from "@/lib/contract/comments-api";
import { commentSelect, postSelect, toApiComment, toApiPost } from "@/server/services/comments/serialize";
import { listCommentView } from "@/server/services/comments/list-comment-view";
import { searchComments } from "@/server/services/comments/search-comments";
import { withTeamwork } from "@/server/services/commenter-labels/with-teamwork";

/** Posts per page of the comments view; a post's comments come whole (up to COMMENTS_PER_POST, the newest). */
const POSTS_PER_PAGE = 20;
const COMMENTS_PER_POST = 200;

/** GET /api/comments?pageId&cursor: the Page's posts with comments, the most recently commented first. */
export async function listComments(actor: Actor, query: TCommentsQuery): Promise<CommentsPage> {
  // A search finds in every comment of the Page; a view (Open, Mine, Unassigned, Done, Snoozed) shows the
  // team's work, with the commenters' labels and the notes' counts as every list does; without one, every comment.
  if (query.view && !query.q) {
    const { pageId, posts, nextCursor } = await listCommentView(actor, { ...query, view: query.view });
    return { posts: await withTeamwork(pageId, posts), nextCursor };
  }
  const page = await findVisiblePage(actor, query.pageId);
  if (query.q) return searchComments(page.id, query.q);
  const [at, id] = query.cursor ? query.cursor.split("|") : [];
  const after = at && !Number.isNaN(Date.parse(at)) ? { OR: [{ lastCommentAt: { lt: new Date(at) } }, { lastCommentAt: new Date(at), id: { lt: id } }] } : {};
  const posts = await db.post.findMany({
    where: { pageId: page.id, ...after },
    orderBy: [{ lastCommentAt: "desc" }, { id: "desc" }],
    take: POSTS_PER_PAGE + 1,
    select: { ...postSelect, comments: { select: commentSelect, orderBy: [{ createdTime: "desc" }, { id: "desc" }], take: COMMENTS_PER_POST } },
  });
  const shown = posts.slice(0, POSTS_PER_PAGE);
  const last = shown.at(-1);
  const now = Date.now();
  return {
    posts: await withTeamwork(page.id, shown.map((post) => ({ ...toApiPost(post), comments: post.comments.reverse().map((c) => toApiComment(c, now)) }))),
    nextCursor: posts.length > POSTS_PER_PAGE && last ? `${last.lastCommentAt.toISOString()}|${last.id}` : null,
  };
}
