import type { ConversationListRow } from "@/server/services/conversations/serialize";
import { firstRow } from "@/server/db/sql/run";
import { applySummarySql, summarySql, type SummaryChange, type SummaryColumns } from "@/server/db/sql/conversations";

// A conversation's summary (preview, order, unread, window) as messages fold into it, and its list item.
// The SQL, shared by the agent's send and the webhook ingest so both fold the same way, is
// server/db/sql/conversations.ts.

/**
 * Folds one message into the summary and returns the list item (the agent's send path): one statement, the
 * caller already holds the customer and the page.
 */
export async function applyToConversation(conversationId: string, change: SummaryChange, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  const summary = await firstRow(applySummarySql(conversationId, change));
  if (!summary) throw new Error(`conversation ${conversationId} is gone`);
  return toListRow(conversationId, summary, customer, page);
}

/** The list item as it stands now (after other writes the caller made or raced with). */
export async function currentListRow(conversationId: string, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  const summary = await firstRow(summarySql(conversationId));
  if (!summary) throw new Error(`conversation ${conversationId} is gone`);
  return toListRow(conversationId, summary, customer, page);
}

/** A list row from the summary's columns (server/db/sql/conversations.ts, summaryColumns) plus the customer and page the caller already holds. */
export function toListRow(
  conversationId: string,
  summary: SummaryColumns,
  customer: ConversationListRow["customer"],
  page: ConversationListRow["page"],
): ConversationListRow {
  return {
    id: conversationId,
    pageId: page.id,
    isImportant: summary.is_important,
    isSpam: summary.is_spam,
    unreadCount: summary.unread_count,
    lastMessageText: summary.last_message_text,
    lastMessageIsImage: summary.last_message_is_image,
    lastMessageAt: summary.last_message_at,
    channel: summary.channel,
    lastInboundAt: summary.last_inbound_at,
    status: summary.status,
    snoozedUntil: summary.snoozed_until,
    responseDueAt: summary.response_due_at,
    firstReplyDue: summary.first_reply_due,
    customer,
    page,
    tags: summary.tags,
    assignee: summary.assignee,
  };
}
