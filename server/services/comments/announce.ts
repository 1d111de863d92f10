import { db } from "@/server/db";
import { emitToRooms } from "@/server/realtime/emit";
import { pageRoom } from "@/server/realtime/room-names";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { postSelect, toApiComment, toApiPost, type CommentRow } from "@/server/services/comments/serialize";
import { withTeamwork } from "@/server/services/commenter-labels/with-teamwork";

/** A comment arrived or changed: to the Page's room (numbered in its feed), from any process. */
export async function announceComment(pageId: string, row: CommentRow): Promise<void> {
  const post = await db.post.findUnique({ where: { id: row.postId }, select: postSelect });
  if (!post) return;
  // With its commenter's labels and its notes: a new comment of a labelled person shows the labels at once.
  const [filled] = await withTeamwork(pageId, [{ comments: [toApiComment(row)] }]);
  emitToRooms([pageRoom(pageId)], SERVER_EVENTS.commentUpdated, { pageId, post: toApiPost(post), comment: filled!.comments[0]! });
}
