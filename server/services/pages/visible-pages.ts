import type { Prisma } from "@/server/generated/prisma/client";
import type { Actor } from "@/server/auth/actor";

// Which pages an actor may see (GUIDE §1, §4): staff and admins their assigned pages, company admins
// every page of their company, the super admin every page. Services put this in their Prisma `where`.
export function visiblePagesWhere(actor: Pick<Actor, "id" | "role" | "companyId">): Prisma.PageWhereInput {
  switch (actor.role) {
    case "super_admin":
      return {};
    case "company_admin":
      return { companyId: actor.companyId ?? "00000000-0000-0000-0000-000000000000" };
    default:
      return { companyId: actor.companyId ?? undefined, assignments: { some: { userId: actor.id } } };
  }
}
