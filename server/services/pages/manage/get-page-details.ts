import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { ApiPageDetails } from "@/lib/schemas/pages";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { findManagedPage } from "@/server/access/pages";
import { withQuarantineCount } from "@/server/services/pages/manage/get-page";

/** GET /api/pages/details/{id}: the page with its owner, the users assigned to it and what it holds. */
export async function getPageDetails(actor: Actor, id: string): Promise<ApiPageDetails> {
  const { id: pageId } = await findManagedPage(actor, id);
  const row = await db.page.findUniqueOrThrow({
    where: { id: pageId },
    select: {
      ...apiPageSelect,
      owner: { select: { id: true, name: true, email: true } },
      assignments: { orderBy: { createdAt: "asc" }, select: { user: { select: { id: true, name: true, email: true, role: true } } } },
      _count: { select: { conversations: true, labels: true, savedReplies: true, notes: true, assignments: true } },
    },
  });
  return withQuarantineCount({
    ...toApiPage(row),
    owner: row.owner ? { _id: row.owner.id, name: row.owner.name, email: row.owner.email } : null,
    assignedUsers: row.assignments.map(({ user }) => ({ _id: user.id, name: user.name, email: user.email, role: user.role })),
    counts: {
      conversations: row._count.conversations,
      labels: row._count.labels,
      savedReplies: row._count.savedReplies,
      notes: row._count.notes,
      assignedUsers: row._count.assignments,
    },
  });
}
