import { db } from "@/server/db";
import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/services/auth/actor";
import { findVisiblePage } from "@/server/access/pages";
import { rolesWith } from "@/lib/access/roles";

// Who may own a page's conversations: the active people who answer it in the inbox — its assigned staff
// and admins, and the company's admins (they see every page of the company, server/access/pages.ts).

export function pageAgentsWhere(page: { id: string; companyId: string }): Prisma.UserWhereInput {
  return {
    isActive: true,
    companyId: page.companyId,
    OR: [{ role: { in: rolesWith("allCompanyPages") } }, { role: { in: rolesWith("assignedPages") }, assignments: { some: { pageId: page.id } } }],
  };
}

/** GET /api/inbox/agents?pageId= — the assign menu: [{_id, name, role}] by name. */
export async function listPageAgents(actor: Actor, pageId: string) {
  const page = await findVisiblePage(actor, pageId);
  const users = await db.user.findMany({ where: pageAgentsWhere(page), select: { id: true, name: true, role: true }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return users.map((u) => ({ _id: u.id, name: u.name, role: u.role }));
}
