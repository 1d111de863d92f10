import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { can } from "@/lib/access/permissions";
import { pageAgentsWhere } from "@/server/services/ownership/page-agents";

/**
 * Who may move a conversation's or a comment's owner from `current` to `target` (docs/PRODUCT.md §11, §12):
 * any agent takes an unassigned one or gives back their own; whoever holds the `assign-any` action reassigns
 * freely. Refusals are 409, never a session-ending 403. A new owner must answer the Page. One rule for both
 * halves of the inbox; the caller then writes with a compare-and-set on `current`.
 */
export async function checkAssignment(
  actor: Actor,
  move: { current: string | null; target: string | null; page: { id: string; companyId: string }; thing: "conversation" | "comment" },
): Promise<void> {
  const { current, target, page, thing } = move;
  if (!can(actor.role, thing === "comment" ? "comments.assign-any" : "conversations.assign-any")) {
    const takes = target === actor.id && current === null;
    const givesBack = target === null && current === actor.id;
    if (!takes && !givesBack) {
      throw new AppError("conflict", current ? `This ${thing} is assigned to someone else; an admin can reassign it` : `You can assign a ${thing} only to yourself`);
    }
  }
  if (target !== null) {
    const agent = isUuid(target) ? await db.user.findFirst({ where: { AND: [{ id: target }, pageAgentsWhere(page)] }, select: { id: true } }) : null;
    if (!agent) throw new AppError("bad_request", "That person does not answer this page", { fields: { assigneeId: "That person does not answer this page" } });
  }
}
