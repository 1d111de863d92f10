import type { RebuiltEvent } from "@/server/db/sql/response-events";

// The rollup's rows of one conversation, recomputed from its history: the same state the message fold
// (server/db/sql/conversations.ts summarySet) and the status change (set-status.ts) move, and the same rows
// the trigger record_response_events writes from it (docs/PRODUCT.md §11.2), replayed in event time.

export type Step =
  | { at: Date; type: "customer" }
  | { at: Date; type: "answer"; agentId: string | null }
  | { at: Date; type: "done"; agentId: string | null };

type Conversation = { id: string; pageId: string; createdAt: Date };

export function replayEpisodes(conversation: Conversation, steps: Step[]): RebuiltEvent[] {
  const out: RebuiltEvent[] = [];
  const row = (kind: string, agentId: string | null, startedAt: Date, at: Date) =>
    out.push({ pageId: conversation.pageId, conversationId: conversation.id, agentId, kind, startedAt, at });
  let episodeAt: Date | null = null;
  let waitingSince: Date | null = null;
  let firstReplyDue = false;
  let done = false;
  // Same instant: the customer's message before the reply to it, a reply before a done.
  const order = { customer: 0, answer: 1, done: 2 };
  for (const step of [...steps].sort((a, b) => a.at.getTime() - b.at.getTime() || order[a.type] - order[b.type])) {
    if (step.type === "customer") {
      if (episodeAt === null || done) {
        episodeAt = step.at;
        firstReplyDue = true;
        row("opened", null, step.at, step.at);
      }
      waitingSince ??= step.at;
      done = false;
    } else if (step.type === "answer") {
      if (waitingSince === null) continue; // nobody waiting: measures nothing
      row("reply", step.agentId, waitingSince, step.at);
      if (firstReplyDue && episodeAt) row("first_response", step.agentId, episodeAt, step.at);
      waitingSince = null;
      firstReplyDue = false;
    } else {
      // Every recorded done was a change to done (an agent's reopen is not recorded, so it is not replayed).
      if (waitingSince) row("unanswered", step.agentId, waitingSince, step.at);
      row("done", step.agentId, episodeAt ?? conversation.createdAt, step.at);
      waitingSince = null;
      firstReplyDue = false;
      done = true;
    }
  }
  return out;
}
