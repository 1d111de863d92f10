import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import { actorCompanyId } from "@/server/access/company";
import { findVisiblePage, visiblePagesWhere } from "@/server/access/pages";

/**
 * Which pages a report reads: the actor's inbox scope (a company admin's are the company's, an admin's the
 * assigned ones), or the one `pageId` names within it (404 otherwise). The company's zone and hours come along.
 */
export async function reportScope(actor: Actor, pageId: string | undefined) {
  const companyId = actorCompanyId(actor);
  const [company, pages] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { timezone: true } }),
    pageId ? findVisiblePage(actor, pageId).then((p) => [{ id: p.id, name: p.name }]) : db.page.findMany({ where: visiblePagesWhere(actor), orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
  ]);
  return { companyId, timezone: company.timezone, pages };
}

/** An agent filter names a user of the company, else 404 (ids of other companies reveal nothing). */
export async function checkAgent(companyId: string, agentId: string | undefined): Promise<string | null> {
  if (!agentId) return null;
  const agent = isUuid(agentId) ? await db.user.findFirst({ where: { id: agentId, companyId }, select: { id: true } }) : null;
  if (!agent) throw new AppError("not_found", "Agent not found");
  return agent.id;
}
