import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TAssignComment } from "@/lib/schemas/comment-work";
import { checkAssignment } from "@/server/services/ownership/assignment-rule";
import { findWorkableComment, readAndAnnounce } from "@/server/services/comments/comment-work";

/**
 * POST /api/comments/{id}/assign — give a customer's comment to an agent of its Page, or to nobody. The
 * conversations' rules (server/services/ownership/assignment-rule.ts): any agent takes an unassigned
 * comment or gives back their own; admins and company admins reassign freely; refusals are 409, never a
 * session-ending 403; the write is a compare-and-set on the owner the checks saw, so of two agents taking
 * it at once one wins and the other hears who. Comments are not in the fair queue: no hand-out follows.
 */
export async function assignComment(actor: Actor, id: string, input: TAssignComment) {
  const comment = await findWorkableComment(actor, id);
  const target = input.assigneeId;
  const current = comment.assignee?.id ?? null;
  if (target === current) return { success: true, comment: await readAndAnnounce(comment.page.id, comment.id) };

  await checkAssignment(actor, { current, target, page: comment.page, thing: "comment" });

  const { count } = await db.comment.updateMany({ where: { id: comment.id, assigneeId: current }, data: { assigneeId: target } });
  const item = await readAndAnnounce(comment.page.id, comment.id);
  if (count === 0) throw new AppError("conflict", item.assignee ? `This comment was just assigned to ${item.assignee.name}` : "This comment was just unassigned", { comment: item });
  return { success: true, comment: item };
}
