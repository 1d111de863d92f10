import { hasTrait } from "@/lib/access/roles";

// The fair queue's choice (docs/PRODUCT.md §13.4), apart from the I/O so that it reads as the rule: each
// waiting conversation, oldest first, goes to the least-busy available agent of its page; on a tie, to the
// one who has waited longest for a conversation (round-robin), then by id so that the answer is stable.

export type Candidate = { id: string; name: string; role: string; capacity: number; load: number; lastAssignedAt: Date | null; pageIds: string[] };
export type Waiting = { id: string; pageId: string };
export type HandedOut = { conversationId: string; pageId: string; agentId: string; agentName: string };

// A stamp later than any real time: one handed out in this round goes behind everyone stamped before it.
const ROUND_BASE = 8.64e15;

/** Company admins answer every page of the company (server/services/ownership/page-agents.ts); others their assigned pages. */
const answers = (agent: Candidate, pageId: string) => hasTrait(agent.role, "allCompanyPages") || agent.pageIds.includes(pageId);

export function pickAgents(queue: Waiting[], candidates: Candidate[]): HandedOut[] {
  const agents = candidates.map((a) => ({ ...a, stamp: a.lastAssignedAt?.getTime() ?? -Infinity }));
  const picks: HandedOut[] = [];
  let round = 0;
  for (const conversation of queue) {
    let best: (typeof agents)[number] | null = null;
    for (const agent of agents) {
      if (agent.load >= agent.capacity || !answers(agent, conversation.pageId)) continue;
      if (!best || agent.load < best.load || (agent.load === best.load && (agent.stamp < best.stamp || (agent.stamp === best.stamp && agent.id < best.id)))) best = agent;
    }
    // Nobody of this page has room: it keeps its place, and a later one of another page may still go.
    if (!best) continue;
    best.load += 1;
    best.stamp = ROUND_BASE + round++;
    picks.push({ conversationId: conversation.id, pageId: conversation.pageId, agentId: best.id, agentName: best.name });
    if (agents.every((a) => a.load >= a.capacity)) break;
  }
  return picks;
}
