import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { AppError } from "@/server/http/errors";
import { isUuid } from "@/lib/ids";
import type { TSetStatus } from "@/lib/schemas/conversations";
import { pageIdWhere, visiblePagesWhere } from "@/server/access/pages";
import { conversationListSelect } from "@/server/services/conversations/serialize";
import { announceConversation } from "@/server/services/conversations/update-flags";
import { handOutAfter } from "@/server/services/ownership/fair-queue";

/**
 * POST /api/conversations/status — mark done, snooze or reopen one conversation or a selection
 * (docs/PRODUCT.md §11). All or nothing: one conversation the actor may not see makes it a 404 and changes
 * none. Marking done closes the customer's unanswered burst (the metrics count it unanswered); snoozing
 * keeps the clock of a waiting customer running. The rollup rows are written by the trigger on
 * conversations, in the same UPDATE. Everyone on the page gets each changed row as `conversation-updated`.
 */
export async function setConversationStatus(actor: Actor, input: TSetStatus, now = new Date()) {
  const ids = input.conversationIds;
  if (!ids.every(isUuid)) throw new AppError("not_found", "Conversation not found");
  const pageScope = { AND: [visiblePagesWhere(actor), ...(input.pageId ? [pageIdWhere(input.pageId)] : [])] };
  const visible = await db.conversation.count({ where: { id: { in: ids }, page: pageScope } });
  if (visible !== ids.length) throw new AppError("not_found", "Conversation not found");

  const done = input.status === "done";
  await db.conversation.updateMany({
    where: { id: { in: ids } },
    data: {
      status: input.status,
      snoozedUntil: input.status === "snoozed" && input.snoozeUntil ? new Date(input.snoozeUntil) : null,
      statusAt: now,
      statusById: actor.id,
      ...(done ? { waitingSince: null, firstReplyDue: false } : {}),
    },
  });
  const rows = await db.conversation.findMany({ where: { id: { in: ids } }, select: conversationListSelect });
  // Done or snoozed, a conversation no longer counts in its owner's load: the fair queue may hand out more.
  if (input.status !== "open" && actor.companyId) await handOutAfter("a status change", { companyId: actor.companyId, now });
  return { success: true, conversations: rows.map((row) => announceConversation(row.id, row.pageId, row)) };
}
