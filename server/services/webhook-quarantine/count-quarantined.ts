import { db } from "@/server/db";

/**
 * Open (unresolved) quarantined deliveries per Page, by Facebook page id — the number page health shows
 * ("3 webhook events could not be processed"). One grouped query for any number of pages.
 */
export async function countQuarantinedByPage(facebookPageIds: string[]): Promise<Map<string, number>> {
  if (!facebookPageIds.length) return new Map();
  const groups = await db.webhookQuarantine.groupBy({
    by: ["facebookPageId"],
    where: { facebookPageId: { in: facebookPageIds }, resolvedAt: null },
    _count: { _all: true },
  });
  return new Map(groups.map((g) => [g.facebookPageId!, g._count._all]));
}
