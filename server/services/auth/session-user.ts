import type { SessionUser } from "@/lib/schemas/auth";
import { db } from "@/server/db";
import { visiblePagesWhere } from "@/server/access/pages";
import { hasTrait } from "@/lib/access/roles";

type UserRow = { id: string; name: string; email: string; role: SessionUser["role"]; companyId: string | null };

/** The user object of the session (PRODUCT §3): `_id` as the spec names it, plus the pages they may answer. */
export async function toSessionUser(user: UserRow): Promise<SessionUser> {
  const [pages, company] = await Promise.all([
    hasTrait(user.role, "allCompanies")
      ? []
      : db.page.findMany({ where: visiblePagesWhere(user), select: { id: true, name: true }, orderBy: { createdAt: "asc" } }),
    user.companyId ? db.company.findUnique({ where: { id: user.companyId }, select: { name: true } }) : null,
  ]);
  return { _id: user.id, id: user.id, name: user.name, email: user.email, role: user.role, companyId: user.companyId, companyName: company?.name ?? null, pages };
}
