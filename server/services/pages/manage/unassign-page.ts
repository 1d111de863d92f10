import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { PAGE_ACCESS_REMOVED, type TUnassignPage } from "@/lib/schemas/pages";
import { pageIdWhere } from "@/server/access/pages";
import { findAssignableUser } from "@/server/services/pages/manage/assignable-user";
import { evictLostRooms } from "@/server/realtime/evict-lost-rooms";
import { recordAgentChanges } from "@/server/services/audit/agent-changes";

/** POST /api/pages/unassign {userId, pageId}: the chip's ×. Removing access that is already gone succeeds. */
export async function unassignPage(actor: Actor, { userId, pageId }: TUnassignPage) {
  const user = await findAssignableUser(actor, userId);
  const page = await db.page.findFirst({ where: { AND: [{ companyId: user.companyId }, pageIdWhere(pageId)] }, select: { id: true } });
  if (!page) throw new AppError("not_found", "Page not found");
  await db.$transaction(async (tx) => {
    const { count } = await tx.pageAssignment.deleteMany({ where: { userId: user.id, pageId: page.id } });
    if (count) await recordAgentChanges(tx, { actor, agent: user, added: [], removed: [page.id] });
  });
  await evictLostRooms(user.id);
  return { success: true, message: PAGE_ACCESS_REMOVED };
}
