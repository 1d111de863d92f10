import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment, type VisibleComment } from "@/server/access/comments";
import { deleteComment, setCommentHidden, setCommentLiked } from "@/server/integrations/meta/graph-comments";
import { decryptSecret } from "@/server/security/secret-box";
import { commentActionFailure } from "@/server/services/comments/graph-failure";
import { announceComment } from "@/server/services/comments/announce";
import { commentSelect, toApiComment } from "@/server/services/comments/serialize";
import { MENTION_PUBLIC_ONLY } from "@/lib/contract/comments-api";

// Like, hide and delete: Meta first, then our row, then every agent of the Page sees it.

type Change = { call: string; onMeta: (token: string) => Promise<void>; data: { likedAt?: Date | null; hidden?: boolean; removedAt?: Date } };

async function moderate(actor: Actor, id: string, change: (comment: VisibleComment) => Change) {
  const comment = await findVisibleComment(actor, id);
  if (comment.removedAt) throw new AppError("unprocessable", "This comment was removed on Facebook.");
  // Someone else's media: Meta lets the mentioned account answer, nothing more (graph-mentions.ts).
  if (comment.mention) throw new AppError("unprocessable", MENTION_PUBLIC_ONLY);
  const { call, onMeta, data } = change(comment);
  try {
    await onMeta(decryptSecret(comment.page.accessTokenEnc));
  } catch (error) {
    throw await commentActionFailure(comment.page.id, call, error);
  }
  const row = await db.comment.update({ where: { id: comment.id }, data, select: commentSelect });
  await announceComment(comment.page.id, row);
  return toApiComment(row);
}

/** POST /api/comments/{id}/like {liked}: the Page likes (or stops liking) the comment. */
export const likeComment = (actor: Actor, id: string, liked: boolean) =>
  moderate(actor, id, (c) => ({ call: `${liked ? "POST" : "DELETE"} /likes`, onMeta: (token) => setCommentLiked(c.externalId, token, liked), data: { likedAt: liked ? new Date() : null } }));

/** POST /api/comments/{id}/hide {hidden}: hidden from everyone but the commenter and their friends. */
export const hideComment = (actor: Actor, id: string, hidden: boolean) =>
  moderate(actor, id, (c) => ({ call: "POST /comment", onMeta: (token) => setCommentHidden(c.channel, c.externalId, token, hidden), data: { hidden } }));

/** DELETE /api/comments/{id}: gone from Facebook; our row stays, marked removed, for the record. */
export const removeComment = (actor: Actor, id: string) =>
  moderate(actor, id, (c) => ({ call: "DELETE /comment", onMeta: (token) => deleteComment(c.externalId, token), data: { removedAt: new Date() } }));
