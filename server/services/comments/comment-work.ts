import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { findVisibleComment, type VisibleComment } from "@/server/access/comments";
import { announceComment } from "@/server/services/comments/announce";
import { commentSelect, toApiComment } from "@/server/services/comments/serialize";

// What the team's work on comments (assign, done / snooze, read: docs/PRODUCT.md §12) shares: which comments
// are work at all, and how a changed one is read back and announced.

export const NOT_CUSTOMER_COMMENT = "Only a customer's comment can be assigned, marked done or snoozed; the Page's own replies are not work.";
export const REMOVED_COMMENT = "This comment was removed on Facebook.";

/** A customer's comment, not removed, of a Page the actor sees (404 otherwise, never 403: PRODUCT §8). */
export async function findWorkableComment(actor: Actor, id: string): Promise<VisibleComment> {
  const comment = await findVisibleComment(actor, id);
  if (comment.fromPage) throw new AppError("unprocessable", NOT_CUSTOMER_COMMENT);
  if (comment.removedAt) throw new AppError("unprocessable", REMOVED_COMMENT);
  return comment;
}

/** The comment as it is now, to every agent of its Page (`comment-updated`) and as the API's answer. */
export async function readAndAnnounce(pageId: string, commentId: string) {
  const row = await db.comment.findUniqueOrThrow({ where: { id: commentId }, select: commentSelect });
  await announceComment(pageId, row);
  return toApiComment(row);
}
