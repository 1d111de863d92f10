import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { PAGES_ASSIGNED, type TAssignPages } from "@/lib/schemas/pages";
import { pageIdWhere } from "@/server/access/pages";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { findAssignableUser } from "@/server/services/pages/manage/assignable-user";
import { evictLostRooms } from "@/server/realtime/evict-lost-rooms";
import { recordAgentChanges } from "@/server/services/audit/agent-changes";

/**
 * POST /api/pages/assign {userId, pageIds}. The Assign Pages modal starts from the user's current pages and
 * sends the whole selection (PRODUCT §4), so the selection becomes the user's page set: listed pages are
 * added, pages left out lose their assignment. Every page must belong to the user's company.
 */
export async function assignPages(actor: Actor, { userId, pageIds }: TAssignPages) {
  const user = await findAssignableUser(actor, userId);
  const pages = await db.page.findMany({ where: { companyId: user.companyId, OR: pageIds.map(pageIdWhere) }, select: { id: true, facebookPageId: true } });
  if (!pageIds.every((ref) => pages.some((p) => p.id === ref || p.facebookPageId === ref))) throw new AppError("not_found", "Page not found");

  const ids = pages.map((p) => p.id);
  await db.$transaction(async (tx) => {
    const before = await tx.pageAssignment.findMany({ where: { userId: user.id }, select: { pageId: true } });
    await tx.pageAssignment.deleteMany({ where: { userId: user.id, pageId: { notIn: ids } } });
    await tx.pageAssignment.createMany({ data: ids.map((pageId) => ({ userId: user.id, pageId })), skipDuplicates: true });
    const had = new Set(before.map((a) => a.pageId));
    await recordAgentChanges(tx, { actor, agent: user, added: ids.filter((id) => !had.has(id)), removed: [...had].filter((id) => !ids.includes(id)) });
  });
  // Pages left out are gone for this user's open sockets too, before anything else is emitted to them.
  await evictLostRooms(user.id);
  const assigned = await db.page.findMany({ where: { assignments: { some: { userId: user.id } } }, orderBy: { name: "asc" }, select: apiPageSelect });
  return { success: true, message: PAGES_ASSIGNED, pages: assigned.map(toApiPage) };
}
