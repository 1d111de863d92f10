import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { findVisiblePage, visiblePagesWhere } from "@/server/access/pages";
import { CHANNELS, type Channel } from "@/lib/inbox/channels";
import type { UserCounts } from "@/lib/contract/dashboard-api";

const zero = (): UserCounts => ({ total: 0, important: 0, spam: 0 });

/**
 * {total, important, spam} per channel for one page, or every page the actor sees: one grouped count
 * (at most eight groups: channel × important × spam) instead of a count per figure and channel.
 */
export async function conversationCountsByChannel(actor: Actor, pageId?: string): Promise<Record<Channel, UserCounts>> {
  const pageWhere = pageId ? { id: (await findVisiblePage(actor, pageId)).id } : visiblePagesWhere(actor);
  const groups = await db.conversation.groupBy({ by: ["channel", "isImportant", "isSpam"], where: { page: pageWhere }, _count: { _all: true } });
  const counts = Object.fromEntries(CHANNELS.map((c) => [c, zero()])) as Record<Channel, UserCounts>;
  for (const g of groups) {
    const n = g._count._all;
    const c = counts[g.channel];
    c.total += n;
    if (g.isImportant) c.important += n;
    if (g.isSpam) c.spam += n;
  }
  return counts;
}

/** The channels' counts added up. */
export function sumCounts(byChannel: Record<Channel, UserCounts>): UserCounts {
  return Object.values(byChannel).reduce((a, c) => ({ total: a.total + c.total, important: a.important + c.important, spam: a.spam + c.spam }), zero());
}

/** GET /api/conversations/stats: {total, important, spam} for one page, or every page the actor sees. */
export async function conversationStats(actor: Actor, pageId?: string): Promise<UserCounts> {
  return sumCounts(await conversationCountsByChannel(actor, pageId));
}
