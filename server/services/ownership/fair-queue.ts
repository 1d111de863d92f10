import { db } from "@/server/db";
import { affected, inTransaction, rows } from "@/server/db/sql/run";
import { fairQueuePagesSql, handOutSql, lockCompanyQueueSql, queueAgentsSql, queueHeadsSql, stampAgentsSql } from "@/server/db/sql/fair-queue";
import { onlineUserIds } from "@/server/realtime/online";
import { recordAudit } from "@/server/services/audit/record-audit";
import { conversationListSelect, toConversationListItem } from "@/server/services/conversations/serialize";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { logger } from "@/server/observability/log";
import { pickAgents, type HandedOut } from "@/server/services/ownership/fair-queue-pick";

// The fair queue's hand-out (docs/PRODUCT.md §13.4). Whoever calls it — the worker after a batch of messages,
// an app instance after an agent freed capacity, came online or back from away — the choice and the writes
// run in one transaction under the company's queue lock (an advisory lock: every instance and worker takes
// the same one), so two hand-outs never see the same free capacity: none puts an agent over their capacity
// and none gives one conversation twice. The write is also conditional on "still waiting", since a manual
// assignment does not take the lock.

/** At most this many conversations per hand-out; a larger backlog goes on in the next call (the caller loops). */
const MAX_PER_HAND_OUT = 200;

export type HandOutInput = {
  companyId: string;
  /** Only these pages' queues (those with the fair queue on); all of the company's when absent. */
  pageIds?: string[] | null;
  now?: Date;
};

/** Hands out what waits, oldest first, while anyone available has room; answers what it handed out. */
export async function handOut({ companyId, pageIds = null, now = new Date() }: HandOutInput): Promise<HandedOut[]> {
  // Outside the transaction, and the only statement a company without the fair queue pays.
  const pages = (await rows(fairQueuePagesSql(companyId, pageIds))).map((p) => p.id);
  if (!pages.length) return [];
  const all: HandedOut[] = [];
  for (;;) {
    const given = await handOutOnce(companyId, pages, now);
    all.push(...given);
    await announce(companyId, given);
    if (given.length < MAX_PER_HAND_OUT) return all;
  }
}

async function handOutOnce(companyId: string, pages: string[], now: Date): Promise<HandedOut[]> {
  return inTransaction(async (client) => {
    await rows(lockCompanyQueueSql(companyId), { on: client });
    const agents = await rows(queueAgentsSql(companyId), { on: client });
    const online = await onlineUserIds(agents.map((a) => a.id), now.getTime());
    const available = agents.filter((a) => online.has(a.id) && a.load < a.capacity);
    const room = available.reduce((sum, a) => sum + a.capacity - a.load, 0);
    if (!room) return [];
    const queue = await rows(queueHeadsSql(pages, Math.min(room, MAX_PER_HAND_OUT)), { on: client });
    const picks = pickAgents(queue, available).slice(0, MAX_PER_HAND_OUT);
    if (!picks.length) return [];
    const written = new Set((await rows(handOutSql(picks.map((p) => p.conversationId), picks.map((p) => p.agentId)), { on: client })).map((r) => r.id));
    const given = picks.filter((p) => written.has(p.conversationId));
    if (given.length) await affected(stampAgentsSql([...new Set(given.map((p) => p.agentId))], now), { on: client });
    return given;
  });
}

/**
 * Everyone on the page hears it as they hear a manual assignment; the audit log says Switchboard did it.
 * After the commit: the hand-out's transaction is the SQL layer's and recordAudit writes through Prisma, so
 * a process that dies right here loses the log lines, never an assignment.
 */
async function announce(companyId: string, given: HandedOut[]): Promise<void> {
  if (!given.length) return;
  const rows = await db.conversation.findMany({ where: { id: { in: given.map((p) => p.conversationId) } }, select: conversationListSelect });
  // As update-flags.ts announces a manual change (not imported: it calls this module after a spam change).
  for (const row of rows) {
    emitToPageAndConversation(row.pageId, row.id, SERVER_EVENTS.conversationUpdated, { conversation: toConversationListItem(row), pageId: row.pageId, conversationId: row.id });
  }
  for (const p of given) {
    await recordAudit({ companyId, actor: null, action: "conversation.assigned_by_rule", target: { type: "conversation", id: p.conversationId }, details: { agentId: p.agentId, agentName: p.agentName } });
  }
}

/**
 * For the triggers (capacity freed, an agent back, a batch stored): the hand-out is a consequence of the
 * change the caller made, which stands even if the hand-out fails; the next trigger hands out what waits.
 */
export async function handOutAfter(reason: string, input: HandOutInput): Promise<HandedOut[]> {
  try {
    return await handOut(input);
  } catch (error) {
    logger().error(`fair queue: hand-out after ${reason} failed: ${(error as Error).message}`);
    return [];
  }
}
