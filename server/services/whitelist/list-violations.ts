import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { actorCompanyId } from "@/server/access/company";

/** GET /api/urls/violated: the company's blocked messages, newest first (the screen filters and pages). */
export async function listViolations(actor: Actor) {
  const rows = await db.violation.findMany({ where: { companyId: actorCompanyId(actor) }, orderBy: { createdAt: "desc" }, take: 5000 });
  return rows.map((row) => ({
    _id: row.id,
    user: row.userId || row.userName ? { _id: row.userId, name: row.userName } : null,
    page: row.pageId || row.pageName ? { _id: row.pageId, name: row.pageName } : null,
    conversationId: row.conversationId,
    urls: row.urls,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}
