import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { managedPagesWhere } from "@/server/access/pages";
import { findVisibleUser } from "@/server/access/users";

/**
 * GET /api/pages/user/{userId}: the pages a user owns (were added for them) and, for staff and admins, the
 * pages assigned to them — the /fb-pages/{userId} table and the Assign Pages modal's starting selection.
 * Each page says which: `owned`, `assigned`.
 */
export async function listUserPages(actor: Actor, userId: string) {
  const user = await findVisibleUser(actor, userId);
  const rows = await db.page.findMany({
    where: { AND: [managedPagesWhere(actor), { OR: [{ ownerId: user.id }, { assignments: { some: { userId: user.id } } }] }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { ...apiPageSelect, assignments: { where: { userId: user.id }, select: { userId: true } } },
  });
  return {
    user: { _id: user.id, name: user.name, email: user.email, role: user.role },
    pages: rows.map((row) => ({ ...toApiPage(row), owned: row.ownerId === user.id, assigned: row.assignments.length > 0 })),
    total: rows.length,
  };
}
