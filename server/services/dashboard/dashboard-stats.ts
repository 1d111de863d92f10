import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import type { DashboardStats } from "@/lib/contract/dashboard-api";
import { conversationCountsByChannel, sumCounts } from "@/server/services/conversations/stats";
import { findVisiblePage, visiblePagesWhere } from "@/server/access/pages";
import { rows } from "@/server/db/sql/run";
import { commentCounts } from "@/server/db/sql/comments";
import { kindOf } from "@/server/services/comments/serialize";
import type { CommentKind } from "@/lib/contract/comments-api";
import type { Channel } from "@/lib/inbox/channels";

/**
 * GET /api/dashboard/stats?pageId=: the three cards for one page or all of them, split by channel, the
 * comments' two (fb_comment, ig_comment), plus the dropdown's pages. "Your pages" (PRODUCT §2) is the inbox scope: a company admin's are the company's, an
 * admin's the assigned.
 */
export async function dashboardStats(actor: Actor, pageId: string | undefined): Promise<DashboardStats> {
  const [byChannel, pages] = await Promise.all([
    conversationCountsByChannel(actor, pageId),
    db.page.findMany({ where: visiblePagesWhere(actor), orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } }),
  ]);
  const pageIds = pageId ? [(await findVisiblePage(actor, pageId)).id] : pages.map((p) => p.id);
  const comments: DashboardStats["comments"] = { fb_comment: { commenters: 0, unanswered: 0 }, ig_comment: { commenters: 0, unanswered: 0 } };
  for (const row of pageIds.length ? await rows(commentCounts(pageIds)) : []) {
    comments[kindOf(row.channel as Channel) as CommentKind] = { commenters: row.commenters, unanswered: row.unanswered };
  }
  return { ...sumCounts(byChannel), byChannel, comments, pages: pages.map((p) => ({ _id: p.id, name: p.name })), updatedAt: new Date().toISOString() };
}
