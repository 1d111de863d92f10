import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment, type VisibleComment } from "@/server/access/comments";
import type { TCommenterLabelAdd } from "@/lib/schemas/comment-teamwork";
import { emitToRooms } from "@/server/realtime/emit";
import { pageRoom } from "@/server/realtime/room-names";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { kindOf } from "@/server/services/comments/serialize";
import { commenterKey, labelsOfCommenters } from "@/server/services/commenter-labels/labels-of";

const PAGE_COMMENT_NO_LABELS = "Labels go on the person who commented, not on the Page's own replies.";

/** The commenter of a comment the actor sees; the Page's own comment has none to label (422). */
async function commenterOf(actor: Actor, commentId: string) {
  const comment = await findVisibleComment(actor, commentId);
  if (comment.fromPage) throw new AppError("unprocessable", PAGE_COMMENT_NO_LABELS);
  return comment;
}

/**
 * POST /api/comments/{id}/labels: a label on the comment's author, so it shows on every comment of theirs on
 * the Page. As a conversation's tags (assign-tags.ts): a name like one of the Page's labels is linked to it
 * and takes its colour (deleting the label takes it off everyone); adding a label the person has is a no-op.
 */
export async function addCommenterLabel(actor: Actor, commentId: string, input: TCommenterLabelAdd) {
  const comment = await commenterOf(actor, commentId);
  const label = await db.label.findFirst({ where: { pageId: comment.page.id, name: { equals: input.name, mode: "insensitive" } }, select: { id: true, color: true } });
  // skipDuplicates on (page, channel, person, name): a repeated or concurrent add changes nothing.
  const { count } = await db.commenterTag.createMany({
    data: [{ pageId: comment.page.id, channel: comment.channel, authorId: comment.authorId, name: input.name, color: label?.color ?? input.color, labelId: label?.id ?? null }],
    skipDuplicates: true,
  });
  return publishCommenterLabels(comment, count > 0);
}

/** DELETE /api/comments/{id}/labels?name=: one label off the comment's author; removing one they lack is a no-op. */
export async function removeCommenterLabel(actor: Actor, commentId: string, name: string) {
  const comment = await commenterOf(actor, commentId);
  const { count } = await db.commenterTag.deleteMany({ where: { pageId: comment.page.id, channel: comment.channel, authorId: comment.authorId, name } });
  return publishCommenterLabels(comment, count > 0);
}

/** The person's labels after a change; the Page's room gets them when something changed (numbered in its feed). */
async function publishCommenterLabels(comment: Pick<VisibleComment, "page" | "channel" | "authorId">, changed: boolean) {
  const byPerson = await labelsOfCommenters(comment.page.id, [{ channel: comment.channel, authorId: comment.authorId }]);
  const labels = byPerson.get(commenterKey(comment.channel, comment.authorId)) ?? [];
  if (changed) emitToRooms([pageRoom(comment.page.id)], SERVER_EVENTS.commenterLabels, { pageId: comment.page.id, kind: kindOf(comment.channel), authorId: comment.authorId, labels });
  return { labels };
}
