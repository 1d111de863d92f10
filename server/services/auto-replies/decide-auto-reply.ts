import { firstRow } from "@/server/db/sql/run";
import { decideAutoReplySql, type AutoReplyKind } from "@/server/db/sql/auto-replies";
import type { SummaryColumns } from "@/server/db/sql/conversations";
import { emitToPageAndConversation } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { logger } from "@/server/observability/log";
import { toApiMessage, toConversationListItem, type MessageRow } from "@/server/services/conversations/serialize";
import { toListRow } from "@/server/services/conversations/conversation-summary";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { sendAutoReply } from "@/server/services/auto-replies/send-auto-reply";

// Automatic replies (docs/PRODUCT.md §13.1): after a customer's message is stored, the Page may answer it by
// itself. The decision and the pending row are one statement (decideAutoReplySql), so it is taken once per
// conversation per N hours however often the message is delivered or processed; the send follows the
// decision and, if this process stops in between, the stale-send sweep makes it (send-auto-reply.ts).

type Customer = { id: string; psid: string; name: string; avatarUrl: string | null; conversationId: string };

export type Decided = { message: MessageRow; kind: AutoReplyKind };

/** The decision alone, at `now` (tests give a fixed clock): the pending row, or null when no reply is due. */
export async function decideAutoReply(conversationId: string, mid: string, now: Date): Promise<(Decided & { summary: SummaryColumns }) | null> {
  const row = await firstRow(decideAutoReplySql<Omit<MessageRow, "author">>(conversationId, mid, now), { on: "ingest" });
  // One row holds the message's columns and the list item's; each reader takes its own.
  return row ? { kind: row.automatic as AutoReplyKind, message: { ...row, author: null }, summary: row } : null;
}

/**
 * The ingest's call for a customer's message `mid` on a Page with an automatic reply on (also for a
 * redelivered one: a worker may have stopped between storing the message and deciding). A decided reply is
 * shown to the agents at once, pending, and sent without holding up the customer's next events.
 */
export async function replyAutomatically(page: IngestPage, customer: Customer, mid: string, now = new Date()): Promise<Decided | null> {
  const decided = await decideAutoReply(customer.conversationId, mid, now);
  if (!decided) return null;
  const { message, summary } = decided;
  emitToPageAndConversation(page.id, customer.conversationId, SERVER_EVENTS.newMessage, {
    message: toApiMessage(message, { customerName: customer.name, pageName: page.name }),
    conversation: toConversationListItem(toListRow(customer.conversationId, summary, customer, page)),
    pageId: page.id,
    conversationId: customer.conversationId,
  });
  void sendAutoReply(message.id).catch((error: Error) => logger().error(`automatic reply ${message.id}: ${error.message}; the stale-send sweep settles it`));
  return { kind: decided.kind, message };
}
