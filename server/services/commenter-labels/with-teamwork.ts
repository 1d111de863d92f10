import { db } from "@/server/db";
import type { ApiComment } from "@/lib/contract/comments-api";
import { commenterKey, labelsOfCommenters } from "@/server/services/commenter-labels/labels-of";

/**
 * The team's layer on comments read in bulk (the comments view's page of posts, a search, an announced
 * comment): each customer's comment gets its commenter's labels and its note count. Two queries for the whole
 * set, never one per comment.
 */
export async function withTeamwork<T extends { comments: ApiComment[] }>(pageId: string, posts: T[]): Promise<T[]> {
  const comments = posts.flatMap((p) => p.comments);
  if (!comments.length) return posts;
  const customers = comments.filter((c) => !c.fromPage);
  const [labels, counts] = await Promise.all([
    labelsOfCommenters(pageId, customers.map((c) => ({ channel: channelOf(c), authorId: c.author.id }))),
    db.commentNote.groupBy({ by: ["commentId"], where: { commentId: { in: comments.map((c) => c.id) } }, _count: { _all: true } }),
  ]);
  const noteCounts = new Map(counts.map((r) => [r.commentId, r._count._all]));
  const fill = (c: ApiComment): ApiComment => ({ ...c, labels: c.fromPage ? [] : (labels.get(commenterKey(channelOf(c), c.author.id)) ?? []), noteCount: noteCounts.get(c.id) ?? 0 });
  return posts.map((p) => ({ ...p, comments: p.comments.map(fill) }));
}

const channelOf = (c: Pick<ApiComment, "kind">) => (c.kind === "ig_comment" ? "instagram" : "messenger");
