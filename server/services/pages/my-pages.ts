import { healthState } from "@/lib/admin/page-health";
import { toImportProgress } from "@/server/services/pages/manage/serialize-page";
import { pagePolicy } from "@/server/services/pages/policy/page-status";
import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { visiblePagesWhere } from "@/server/access/pages";
import type { ConversationStatus, InboxPage } from "@/lib/contract/inbox-api";
import { rows } from "@/server/db/sql/run";
import { unreadCommentCounts } from "@/server/db/sql/comment-work";

/** GET /api/pages/me: the pages the actor answers, with conversation and unread counts for the tabs. */
export async function myPages(actor: Actor): Promise<{ pages: InboxPage[] }> {
  const pages = await db.page.findMany({
    where: visiblePagesWhere(actor),
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      facebookPageId: true,
      tokenStatus: true,
      verifiedAt: true,
      subscribedAt: true,
      importState: true,
      importDone: true,
      importTotal: true,
      lastWebhookAt: true,
      createdAt: true,
      policyState: true,
      policyReason: true,
      policyAt: true,
      instagram: { select: { username: true, enabled: true } },
      company: { select: { firstResponseTargetMinutes: true, nextResponseTargetMinutes: true } },
    },
  });
  const ids = pages.map((p) => p.id);
  const [totals, unread, byStatus, unreadComments] = await Promise.all([
    // Spam is its own folder (docs/DECISIONS.md): the tab counts what All lists.
    // A conversation still without its first message (a first contact between its two statements) is not listed, nor counted.
    db.conversation.groupBy({ by: ["pageId"], where: { pageId: { in: ids }, isSpam: false, lastMessageAt: { gt: new Date(0) } }, _count: { _all: true } }),
    db.conversation.groupBy({ by: ["pageId"], where: { pageId: { in: ids }, unreadCount: { gt: 0 }, isSpam: false }, _count: { _all: true } }),
    // The Open / Done / Snoozed views' counts (docs/PRODUCT.md §11), on what All lists.
    db.conversation.groupBy({ by: ["pageId", "status"], where: { pageId: { in: ids }, isSpam: false, lastMessageAt: { gt: new Date(0) } }, _count: { _all: true } }),
    rows(unreadCommentCounts(ids)),
  ]);
  const statusCount = (id: string, status: ConversationStatus) => byStatus.find((r) => r.pageId === id && r.status === status)?._count._all ?? 0;
  const count = (rows: { pageId: string; _count: { _all: number } }[], id: string) => rows.find((r) => r.pageId === id)?._count._all ?? 0;
  return {
    pages: pages.map((page): InboxPage => ({
      _id: page.id,
      id: page.id,
      page_id: page.facebookPageId,
      name: page.name,
      conversationCount: count(totals, page.id),
      statusCounts: { open: statusCount(page.id, "open"), done: statusCount(page.id, "done"), snoozed: statusCount(page.id, "snoozed") },
      unreadCount: count(unread, page.id),
      commentUnreadCount: unreadComments.find((r) => r.pageId === page.id)?.unread ?? 0,
      tokenStatus: page.tokenStatus,
      health: healthState(page),
      policy: pagePolicy(page),
      import: toImportProgress(page),
      lastWebhookAt: page.lastWebhookAt?.toISOString() ?? null,
      channels: page.instagram?.enabled ? ["messenger", "instagram"] : ["messenger"],
      instagram_username: page.instagram?.enabled ? page.instagram.username : null,
      created_at: page.createdAt.toISOString(),
      response_targets: { first: page.company.firstResponseTargetMinutes, next: page.company.nextResponseTargetMinutes },
    })),
  };
}
