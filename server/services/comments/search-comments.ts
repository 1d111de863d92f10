import { db } from "@/server/db";
import { rows } from "@/server/db/sql/run";
import { commentSearchSql } from "@/server/db/sql/comment-search";
import { containsPattern } from "@/server/services/conversations/search-conversations";
import type { ApiPost, CommentsPage } from "@/lib/contract/comments-api";
import { commentSelect, postSelect, toApiComment, toApiPost } from "@/server/services/comments/serialize";
import { withTeamwork } from "@/server/services/commenter-labels/with-teamwork";

/** The newest matches a search shows; a term that matches more is one to narrow (the view says so). */
const COMMENT_SEARCH_LIMIT = 100;

/**
 * GET /api/comments?pageId&q: the Page's comments whose text or commenter's name contains `q` (any case; `%`
 * and `_` are themselves), each under its post, the posts in the order of their newest match. Only the
 * matching comments come, not the rest of their threads: the view shows what was found. One page, no cursor.
 */
export async function searchComments(pageId: string, q: string): Promise<CommentsPage> {
  const hits = await rows(commentSearchSql({ pageId, pattern: containsPattern(q), take: COMMENT_SEARCH_LIMIT }));
  if (!hits.length) return { posts: [], nextCursor: null };
  const found = await db.comment.findMany({ where: { id: { in: hits.map((h) => h.id) }, pageId }, select: commentSelect });
  const posts = await db.post.findMany({ where: { id: { in: [...new Set(found.map((c) => c.postId))] }, pageId }, select: postSelect });
  const rank = new Map(hits.map((h, i) => [h.id, i]));
  const postOf = new Map(posts.map((p) => [p.id, p]));
  const grouped = new Map<string, ApiPost>();
  const now = Date.now();
  for (const row of found.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!)) {
    const post = postOf.get(row.postId);
    if (!post) continue;
    const entry = grouped.get(post.id) ?? { ...toApiPost(post), comments: [] };
    entry.comments.unshift(toApiComment(row, now)); // oldest first under the post, as the view lists them
    grouped.set(post.id, entry);
  }
  return { posts: await withTeamwork(pageId, [...grouped.values()]), nextCursor: null };
}
