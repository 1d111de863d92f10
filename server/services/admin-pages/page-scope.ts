import type { Prisma } from "@/server/generated/prisma/client";
import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import { AppError } from "@/server/http/errors";
import { pageIdWhere } from "@/server/services/conversations/find-conversation";
import { actorCompanyId } from "@/server/services/whitelist/company-scope";

// The pages an actor administers: the super admin every page, company roles every page of their company.
// Wider than visiblePagesWhere (the inbox scope) on purpose: an admin answers only the pages assigned to
// them, but the FB Pages screen and the Assign Pages modal list all of the company's pages.
export function managedPagesWhere(actor: Actor): Prisma.PageWhereInput {
  return actor.role === "super_admin" ? {} : { companyId: actorCompanyId(actor) };
}

/** A page the actor administers, by our id or the Facebook page id; 404 otherwise (other companies' too). */
export async function findManagedPage(actor: Actor, id: string) {
  const page = await db.page.findFirst({ where: { AND: [managedPagesWhere(actor), pageIdWhere(id)] } });
  if (!page) throw new AppError("not_found", "Page not found");
  return page;
}
