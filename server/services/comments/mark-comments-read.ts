import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { isUuid } from "@/lib/ids";
import type { TMarkCommentsRead } from "@/lib/schemas/comment-work";
import { findVisiblePage } from "@/server/access/pages";
import { rows } from "@/server/db/sql/run";
import { markCommentsSeen, unreadCommentCounts } from "@/server/db/sql/comment-work";
import { emitToRooms } from "@/server/realtime/emit";
import { pageRoom } from "@/server/realtime/room-names";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { commentSelect, postSelect, toApiComment, toApiPost } from "@/server/services/comments/serialize";

/**
 * POST /api/comments/mark-read — the comments view shows these comments, so the team has seen them (like
 * opening a conversation). Only the Page's customers' comments that were unread change: ids of other Pages, the
 * Page's own comments and ones already seen are passed over, so the view may send what it shows without
 * sorting. Each changed comment goes to the Page's agents as `comment-updated` (their counts follow); the answer
 * carries the Page's unread count after it.
 */
export async function markCommentsRead(actor: Actor, input: TMarkCommentsRead) {
  const page = await findVisiblePage(actor, input.pageId);
  const ids = input.commentIds.filter(isUuid);
  const changed = ids.length ? await rows(markCommentsSeen(page.id, ids)) : [];
  const found = changed.length ? await db.comment.findMany({ where: { id: { in: changed.map((r) => r.id) } }, select: commentSelect }) : [];
  // announceComment's events, with the posts read once for the whole batch rather than once a comment.
  const posts = new Map((await db.post.findMany({ where: { id: { in: [...new Set(found.map((c) => c.postId))] } }, select: postSelect })).map((p) => [p.id, toApiPost(p)]));
  const comments = found.map((row) => toApiComment(row));
  for (const comment of comments) {
    const post = posts.get(comment.postId);
    if (post) emitToRooms([pageRoom(page.id)], SERVER_EVENTS.commentUpdated, { pageId: page.id, post, comment });
  }
  const [count] = await rows(unreadCommentCounts([page.id]));
  return { success: true, comments, unread: count?.unread ?? 0 };
}
