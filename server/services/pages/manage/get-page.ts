import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { ApiPage } from "@/lib/schemas/pages";
import { apiPageSelect, toApiPage } from "@/server/services/pages/manage/serialize-page";
import { findManagedPage } from "@/server/access/pages";
import { countQuarantinedByPage } from "@/server/services/webhook-quarantine/count-quarantined";

/** GET /api/pages/{id}: one page the actor administers (our id or the Facebook page id). */
export async function getPage(actor: Actor, id: string): Promise<ApiPage> {
  const page = await findManagedPage(actor, id);
  return withQuarantineCount(toApiPage(await db.page.findUniqueOrThrow({ where: { id: page.id }, select: apiPageSelect })));
}

/** Page health counts the page's quarantined webhook events (issue 11): a page whose events fail is not fine. */
export async function withQuarantineCount<T extends ApiPage>(page: T): Promise<T> {
  const counts = await countQuarantinedByPage([page.page_id]);
  return { ...page, quarantinedEvents: counts.get(page.page_id) ?? 0 };
}
