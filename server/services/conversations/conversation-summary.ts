import { db } from "@/server/db";
import type { ConversationListRow } from "@/server/services/conversations/serialize";

export type SummaryChange = { at: Date; text: string | null; isImage: boolean; inbound: boolean };

/**
 * How one message folds into its conversation's summary, in event-time order: an older message delivered
 * late never replaces the preview of a newer one, and unread/window only move forward. The SET list of an
 * `UPDATE conversations`, shared by the agent's send (Prisma) and the webhook ingest (pg), so both fold the
 * same way. Parameters $1–$4 are summaryParams(change); the statement's own start at $5.
 * It bumps the messages' version for search in the same statement, so the trigger on messages that would
 * otherwise do it skips its UPDATE (migration search_messages_version).
 */
export const SUMMARY_SET_SQL = `
      last_message_text     = CASE WHEN $1::timestamptz >= last_message_at THEN $2::text ELSE last_message_text END,
      last_message_is_image = CASE WHEN $1::timestamptz >= last_message_at THEN $3::boolean ELSE last_message_is_image END,
      last_message_at       = GREATEST(last_message_at, $1::timestamptz),
      last_inbound_at       = CASE WHEN $4::boolean THEN GREATEST(COALESCE(last_inbound_at, $1::timestamptz), $1::timestamptz) ELSE last_inbound_at END,
      unread_count          = unread_count + CASE WHEN $4::boolean THEN 1 ELSE 0 END,
      messages_version      = next_messages_version(conversations.id, conversations.messages_version),
      updated_at            = now()`;

export function summaryParams(change: SummaryChange): [Date, string | null, boolean, boolean] {
  return [change.at, change.text, change.isImage, change.inbound];
}

/**
 * Folds one message into the summary and returns the list item (the agent's send path): one statement, the
 * caller already holds the customer and the page.
 */
export async function applyToConversation(conversationId: string, change: SummaryChange, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  const [summary] = await db.$queryRawUnsafe<SummaryColumns[]>(
    `UPDATE conversations SET ${SUMMARY_SET_SQL} WHERE id = $5::uuid RETURNING ${SUMMARY_RETURNING_SQL}`,
    ...summaryParams(change),
    conversationId,
  );
  if (!summary) throw new Error(`conversation ${conversationId} is gone`);
  return toListRow(conversationId, summary, customer, page);
}

/** The list item as it stands now (after other writes the caller made or raced with). */
export async function currentListRow(conversationId: string, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  const [summary] = await db.$queryRawUnsafe<SummaryColumns[]>(`SELECT ${SUMMARY_RETURNING_SQL} FROM conversations WHERE id = $1::uuid`, conversationId);
  if (!summary) throw new Error(`conversation ${conversationId} is gone`);
  return toListRow(conversationId, summary, customer, page);
}

export type SummaryPreview = { lastMessageText: string | null; lastMessageIsImage: boolean; lastMessageAt: Date };

/**
 * Undoes one message's fold into the preview (an agent's reply that Meta refused): the preview it replaced
 * comes back, unless a newer message has taken its place since. Then the list item as it stands.
 */
export async function restorePreview(conversationId: string, replacedAt: Date, before: SummaryPreview, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  await db.$executeRawUnsafe(
    `UPDATE conversations SET last_message_text = $1, last_message_is_image = $2, last_message_at = $3::timestamptz, updated_at = now()
      WHERE id = $4::uuid AND last_message_at = $5::timestamptz`,
    before.lastMessageText,
    before.lastMessageIsImage,
    before.lastMessageAt,
    conversationId,
    replacedAt,
  );
  return currentListRow(conversationId, customer, page);
}

/** The conversation's own columns as `RETURNING` them for a list item; tags in creation order, like the list. */
export const SUMMARY_RETURNING_SQL = `
  conversations.id, conversations.is_important, conversations.is_spam, conversations.unread_count,
  conversations.last_message_text, conversations.last_message_is_image, conversations.last_message_at, conversations.last_inbound_at,
  (SELECT coalesce(json_agg(json_build_object('name', t.name, 'color', t.color) ORDER BY t.created_at, t.id), '[]'::json)
     FROM customer_tags t WHERE t.conversation_id = conversations.id) AS tags,
  (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = conversations.assignee_id) AS assignee`;

export type SummaryColumns = {
  is_important: boolean;
  is_spam: boolean;
  unread_count: number;
  last_message_text: string | null;
  last_message_is_image: boolean;
  last_message_at: Date;
  last_inbound_at: Date | null;
  tags: ConversationListRow["tags"];
  assignee: ConversationListRow["assignee"];
};

/** A list row from `SUMMARY_RETURNING_SQL` plus the customer and page the caller already holds. */
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
    lastInboundAt: summary.last_inbound_at,
    customer,
    page,
    tags: summary.tags,
    assignee: summary.assignee,
  };
}
