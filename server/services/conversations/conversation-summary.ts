import { db } from "@/server/db";
import type { ConversationListRow } from "@/server/services/conversations/serialize";

export type SummaryChange = {
  at: Date;
  text: string | null;
  isImage: boolean;
  inbound: boolean;
  /** A person's reply to the customer: an agent's send, or a Page Inbox echo (docs/PRODUCT.md §11). */
  answers?: boolean;
  /** The agent who wrote it; null for the Page Inbox. */
  authorId?: string | null;
};

/**
 * How one message folds into its conversation's summary, in event-time order: an older message delivered
 * late never replaces the preview of a newer one, and unread/window only move forward. The SET list of an
 * `UPDATE conversations`, shared by the agent's send (Prisma) and the webhook ingest (pg), so both fold the
 * same way. Parameters $1–$6 are summaryParams(change); the statement's own start at $7.
 * It also closes the loop (docs/PRODUCT.md §11): a customer's message reopens a done or snoozed
 * conversation (a done one starts a new episode), starts a burst when none is waiting, and a person's reply
 * answers the waiting burst; the trigger conversations_response_events writes the metrics' rows from
 * these columns in this same statement, so the hot path gains no round trip.
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
      status                = CASE WHEN $4::boolean THEN 'open'::"ConversationStatus" ELSE status END,
      snoozed_until         = CASE WHEN $4::boolean THEN NULL ELSE snoozed_until END,
      episode_at            = CASE WHEN $4::boolean AND (episode_at IS NULL OR status = 'done') THEN $1::timestamptz ELSE episode_at END,
      first_reply_due       = CASE WHEN $4::boolean AND (episode_at IS NULL OR status = 'done') THEN true
                                   WHEN $5::boolean AND waiting_since <= $1::timestamptz THEN false ELSE first_reply_due END,
      waiting_since         = CASE WHEN $4::boolean THEN COALESCE(waiting_since, $1::timestamptz)
                                   WHEN $5::boolean AND waiting_since <= $1::timestamptz THEN NULL ELSE waiting_since END,
      reply_at              = CASE WHEN $5::boolean AND waiting_since <= $1::timestamptz THEN $1::timestamptz ELSE reply_at END,
      reply_by_id           = CASE WHEN $5::boolean AND waiting_since <= $1::timestamptz THEN $6::uuid ELSE reply_by_id END,
      updated_at            = now()`;

export function summaryParams(change: SummaryChange): [Date, string | null, boolean, boolean, boolean, string | null] {
  return [change.at, change.text, change.isImage, change.inbound, change.answers ?? false, change.authorId ?? null];
}

/**
 * Folds one message into the summary and returns the list item (the agent's send path): one statement, the
 * caller already holds the customer and the page.
 */
export async function applyToConversation(conversationId: string, change: SummaryChange, customer: ConversationListRow["customer"], page: ConversationListRow["page"]) {
  const [summary] = await db.$queryRawUnsafe<SummaryColumns[]>(
    `UPDATE conversations SET ${SUMMARY_SET_SQL} WHERE id = $7::uuid RETURNING ${SUMMARY_RETURNING_SQL}`,
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
  conversations.id, conversations.channel, conversations.is_important, conversations.is_spam, conversations.unread_count,
  conversations.last_message_text, conversations.last_message_is_image, conversations.last_message_at, conversations.last_inbound_at,
  conversations.status, conversations.snoozed_until,
  (SELECT coalesce(json_agg(json_build_object('name', t.name, 'color', t.color) ORDER BY t.created_at, t.id), '[]'::json)
     FROM customer_tags t WHERE t.conversation_id = conversations.id) AS tags,
  (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = conversations.assignee_id) AS assignee`;

export type SummaryColumns = {
  channel: ConversationListRow["channel"];
  is_important: boolean;
  is_spam: boolean;
  unread_count: number;
  last_message_text: string | null;
  last_message_is_image: boolean;
  last_message_at: Date;
  last_inbound_at: Date | null;
  status: ConversationListRow["status"];
  snoozed_until: Date | null;
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
    channel: summary.channel,
    isImportant: summary.is_important,
    isSpam: summary.is_spam,
    unreadCount: summary.unread_count,
    lastMessageText: summary.last_message_text,
    lastMessageIsImage: summary.last_message_is_image,
    lastMessageAt: summary.last_message_at,
    lastInboundAt: summary.last_inbound_at,
    status: summary.status,
    snoozedUntil: summary.snoozed_until,
    customer,
    page,
    tags: summary.tags,
    assignee: summary.assignee,
  };
}
