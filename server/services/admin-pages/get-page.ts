import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import type { ApiPage } from "@/lib/schemas/pages";
import { apiPageSelect, toApiPage } from "@/server/services/admin-pages/serialize-page";
import { findManagedPage } from "@/server/services/admin-pages/page-scope";

/** GET /api/pages/{id}: one page the actor administers (our id or the Facebook page id). */
export async function getPage(actor: Actor, id: string): Promise<ApiPage> {
  const page = await findManagedPage(actor, id);
  return toApiPage(await db.page.findUniqueOrThrow({ where: { id: page.id }, select: apiPageSelect }));
}
