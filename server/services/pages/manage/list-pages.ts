import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { managedPagesWhere } from "@/server/access/pages";

/** GET /api/pages: every page (super admin, with its company) or the company's pages, newest first. */
export async function listPages(actor: Actor) {
  const rows = await db.page.findMany({ where: managedPagesWhere(actor), orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: apiPageSelect });
  return { pages: rows.map(toApiPage), total: rows.length };
}
