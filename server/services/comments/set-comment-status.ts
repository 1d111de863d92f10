import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { TCommentStatus } from "@/lib/schemas/comment-work";
import { findWorkableComment, readAndAnnounce } from "@/server/services/comments/comment-work";

/**
 * POST /api/comments/{id}/status — mark a customer's comment done, snooze it until a time, or reopen it
 * (docs/PRODUCT.md §12). A snooze ends at its time (the worker's sweep, workers/comments/wake-snoozed-comments.ts);
 * a new comment of the same person is its own item and reopens nothing. Done or reopened clears the snooze time.
 */
export async function setCommentStatus(actor: Actor, id: string, input: TCommentStatus) {
  const comment = await findWorkableComment(actor, id);
  const snoozedUntil = input.status === "snoozed" && input.snoozedUntil ? new Date(input.snoozedUntil) : null;
  await db.comment.update({ where: { id: comment.id }, data: { status: input.status, snoozedUntil }, select: { id: true } });
  return { success: true, comment: await readAndAnnounce(comment.page.id, comment.id) };
}
