import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import type { TBulkAssign, TBulkLabel } from "@/lib/schemas/conversations";
import { assignConversation } from "@/server/services/ownership/assign-conversation";
import { assignTags } from "@/server/services/labels/assign-tags";

// The list's bulk actions (docs/PRODUCT.md §11): each conversation goes through the same service, rules and
// tenant checks as one at a time. A conversation the rules refuse (someone else's, another company's) is
// reported by id and the others go on; the answer says how many changed.

type Outcome = { done: string[]; refused: { conversationId: string; message: string }[] };

async function each(ids: string[], run: (id: string) => Promise<unknown>): Promise<Outcome> {
  const outcome: Outcome = { done: [], refused: [] };
  for (const id of ids) {
    try {
      await run(id);
      outcome.done.push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.refused.push({ conversationId: id, message: error.message });
    }
  }
  return outcome;
}

/** POST /api/conversations/bulk-assign */
export async function bulkAssign(actor: Actor, input: TBulkAssign) {
  const outcome = await each(input.conversationIds, (conversationId) => assignConversation(actor, { conversationId, pageId: input.pageId, assigneeId: input.assigneeId }));
  return summarize(outcome);
}

/** POST /api/conversations/bulk-label */
export async function bulkLabel(actor: Actor, input: TBulkLabel) {
  const outcome = await each(input.conversationIds, (conversationId) => assignTags(actor, { conversationId, pageId: input.pageId, tags: input.tags }));
  return summarize(outcome);
}

/** Nothing visible at all is a 404, as for one conversation; otherwise the count and the refusals. */
function summarize(outcome: Outcome) {
  if (!outcome.done.length && outcome.refused.every((r) => r.message === "Conversation not found")) throw new AppError("not_found", "Conversation not found");
  return { success: outcome.done.length > 0, changed: outcome.done.length, refused: outcome.refused };
}
