import { db } from "@/server/db";
import { affected, firstRow, inTransaction, rows } from "@/server/db/sql/run";
import {
  deleteRange, doneMarks, insertRebuilt, localMidnight, lockRebuildBatch, replayMessages, type RebuildConversation, type RebuiltEvent,
} from "@/server/db/sql/response-events";
import { INSTAGRAM_UNSUPPORTED_PAYLOAD } from "@/lib/inbox/message-kinds";
import { replayEpisodes, type Step } from "@/workers/reports/replay-episodes";

/** Conversations per transaction: their rows are locked against the live fold only that long. */
const BATCH = 200;
const NIL = "00000000-0000-0000-0000-000000000000";

export type RebuildRange = { companyId: string; from: string; to: string };

/**
 * Rebuilds the company's response_events of the local days from..to (inclusive, company time) from the
 * messages (docs/PRODUCT.md §11.2), for repair after a bug or a restore. Each batch of conversations replays
 * its whole history (a burst or an episode may start before the range) and replaces its rows of the range in
 * one transaction, so a run that stops midway leaves whole conversations, and running it again changes
 * nothing. Done marks come from the 'done' rows themselves and from the conversation's last status change.
 */
export async function rebuildResponseEvents({ companyId, from, to }: RebuildRange): Promise<{ conversations: number; deleted: number; written: number }> {
  const company = await db.company.findUniqueOrThrow({ where: { id: companyId }, select: { timezone: true } });
  const dayAfter = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [start, end] = await Promise.all([firstRow(localMidnight(from, company.timezone)), firstRow(localMidnight(dayAfter, company.timezone))]);
  const range = { from: start!.at, to: end!.at };
  const totals = { conversations: 0, deleted: 0, written: 0 };
  for (let after = NIL; ; ) {
    const batch = await inTransaction(async (client) => {
      const conversations = await rows(lockRebuildBatch(companyId, range.from, range.to, after, BATCH), { on: client });
      if (!conversations.length) return conversations;
      const ids = conversations.map((c) => c.id);
      const [messages, marks] = await Promise.all([
        rows(replayMessages(ids, range.to, INSTAGRAM_UNSUPPORTED_PAYLOAD), { on: client }),
        rows(doneMarks(ids, range.to), { on: client }),
      ]);
      const steps = stepsByConversation(conversations, messages, marks, range.to);
      const events: RebuiltEvent[] = conversations
        .flatMap((c) => replayEpisodes({ id: c.id, pageId: c.page_id, createdAt: c.created_at }, steps.get(c.id) ?? []))
        .filter((e) => e.at >= range.from && e.at < range.to);
      totals.deleted += await affected(deleteRange(ids, range.from, range.to), { on: client });
      if (events.length) totals.written += await affected(insertRebuilt(companyId, events), { on: client });
      return conversations;
    });
    totals.conversations += batch.length;
    if (batch.length < BATCH) return totals;
    after = batch.at(-1)!.id;
  }
}

function stepsByConversation(
  conversations: RebuildConversation[],
  messages: { conversation_id: string; at: Date; customer: boolean; answers: boolean; author_id: string | null }[],
  marks: { conversation_id: string; at: Date; agent_id: string | null }[],
  to: Date,
): Map<string, Step[]> {
  const steps = new Map<string, Step[]>(conversations.map((c) => [c.id, []]));
  for (const m of messages) {
    if (m.customer) steps.get(m.conversation_id)!.push({ at: m.at, type: "customer" });
    else if (m.answers) steps.get(m.conversation_id)!.push({ at: m.at, type: "answer", agentId: m.author_id });
  }
  for (const d of marks) steps.get(d.conversation_id)!.push({ at: d.at, type: "done", agentId: d.agent_id });
  // The last status change survives a lost 'done' row (a restore of the conversations without the rollup).
  for (const c of conversations) {
    const own = steps.get(c.id)!;
    if (c.status === "done" && c.status_at && c.status_at < to && !own.some((s) => s.type === "done" && s.at.getTime() === c.status_at!.getTime())) {
      own.push({ at: c.status_at, type: "done", agentId: c.status_by_id });
    }
  }
  return steps;
}
