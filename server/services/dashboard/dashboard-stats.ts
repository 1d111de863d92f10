import { db } from "@/server/db";
import type { Actor } from "@/server/auth/actor";
import type { DashboardStats } from "@/lib/contract/dashboard-api";
import { conversationCountsByChannel, sumCounts } from "@/server/services/conversations/stats";
import { visiblePagesWhere } from "@/server/access/pages";

/**
 * GET /api/dashboard/stats?pageId=: the three cards for one page or all of them, split by channel, plus the
 * dropdown's pages. "Your pages" (PRODUCT §2) is the inbox scope: a company admin's are the company's, an
 * admin's the assigned.
 */
export async function dashboardStats(actor: Actor, pageId: string | undefined): Promise<DashboardStats> {
  const [byChannel, pages] = await Promise.all([
    conversationCountsByChannel(actor, pageId),
    db.page.findMany({ where: visiblePagesWhere(actor), orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
  ]);
  return { ...sumCounts(byChannel), byChannel, pages: pages.map((p) => ({ _id: p.id, name: p.name })), updatedAt: new Date().toISOString() };
}
