import { sql, type RawBuilder } from "kysely";
import type { Channel, ConversationStatus, LabelColor } from "@/server/generated/kysely/enums";
import { readerColumns, type ReaderColumns } from "@/server/access/reader";

// The conversations family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): the summary a message folds into, shared by the webhook ingest and the agent's send so both
// fold the same way, and the columns a list item is made of, shared by the list's read and every live
// update so the two cannot disagree on tags or assignee.

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

/** The conversation's own columns of a list item (summaryColumns), as they come back. */
export type SummaryColumns = {
  channel: Channel;
  is_important: boolean;
  is_spam: boolean;
  unread_count: number;
  last_message_text: string | null;
  last_message_is_image: boolean;
  last_message_at: Date;
  last_inbound_at: Date | null;
  status: ConversationStatus;
  snoozed_until: Date | null;
  /** When the awaited reply is due (docs/PRODUCT.md §13.3; the trigger conversations_response_due keeps it). */
  response_due_at: Date | null;
  first_reply_due: boolean;
  tags: { name: string; color: LabelColor }[];
  assignee: { id: string; name: string } | null;
};

/** The creation's placeholder time of a conversation without messages: not listed until its first message is in. */
export const NOT_YET = sql<Date>`'epoch'::timestamptz`;

/**
 * How one message folds into its conversation's summary, in event-time order: an older message delivered
 * late never replaces the preview of a newer one, and unread/window only move forward. The SET list of an
 * `UPDATE conversations`. It also closes the loop (docs/PRODUCT.md §11): a customer's message reopens a
 * done or snoozed conversation (a done one starts a new episode), starts a burst when none is waiting, and
 * a person's reply answers the waiting burst; the trigger conversations_response_events writes the
 * metrics' rows from these columns in this same statement, so the hot path gains no round trip.
 * It bumps the messages' version for search in the same statement, so the trigger on messages that would
 * otherwise do it skips its UPDATE (migration search_messages_version).
 */
export function summarySet(change: SummaryChange): RawBuilder<unknown> {
  const at = sql`${change.at}::timestamptz`;
  const inbound = sql`${change.inbound}::boolean`;
  const answered = sql`${change.answers ?? false}::boolean AND waiting_since <= ${at}`;
  const newEpisode = sql`${inbound} AND (episode_at IS NULL OR status = 'done')`;
  return sql`
      last_message_text     = CASE WHEN ${at} >= last_message_at THEN ${change.text}::text ELSE last_message_text END,
      last_message_is_image = CASE WHEN ${at} >= last_message_at THEN ${change.isImage}::boolean ELSE last_message_is_image END,
      last_message_at       = GREATEST(last_message_at, ${at}),
      last_inbound_at       = CASE WHEN ${inbound} THEN GREATEST(COALESCE(last_inbound_at, ${at}), ${at}) ELSE last_inbound_at END,
      unread_count          = unread_count + CASE WHEN ${inbound} THEN 1 ELSE 0 END,
      messages_version      = next_messages_version(conversations.id, conversations.messages_version),
      status                = CASE WHEN ${inbound} THEN 'open'::"ConversationStatus" ELSE status END,
      snoozed_until         = CASE WHEN ${inbound} THEN NULL ELSE snoozed_until END,
      episode_at            = CASE WHEN ${newEpisode} THEN ${at} ELSE episode_at END,
      first_reply_due       = CASE WHEN ${newEpisode} THEN true
                                   WHEN ${answered} THEN false ELSE first_reply_due END,
      waiting_since         = CASE WHEN ${inbound} THEN COALESCE(waiting_since, ${at})
                                   WHEN ${answered} THEN NULL ELSE waiting_since END,
      reply_at              = CASE WHEN ${answered} THEN ${at} ELSE reply_at END,
      reply_by_id           = CASE WHEN ${answered} THEN ${change.authorId ?? null}::uuid ELSE reply_by_id END,
      updated_at            = now()`;
}

/** The conversation's own columns for a list item (SummaryColumns and its id); tags in creation order, like the list. */
export const summaryColumns = sql<SummaryColumns & { id: string }>`
  conversations.id, conversations.channel, conversations.is_important, conversations.is_spam, conversations.unread_count,
  conversations.last_message_text, conversations.last_message_is_image, conversations.last_message_at, conversations.last_inbound_at,
  conversations.status, conversations.snoozed_until, conversations.response_due_at, conversations.first_reply_due,
  (SELECT coalesce(json_agg(json_build_object('name', t.name, 'color', t.color) ORDER BY t.created_at, t.id), '[]'::json)
     FROM customer_tags t WHERE t.conversation_id = conversations.id) AS tags,
  (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = conversations.assignee_id) AS assignee`;

/** Folds one message into the summary (the agent's send path) and returns the list item's columns. */
export const applySummarySql = (conversationId: string, change: SummaryChange) =>
  sql<SummaryColumns>`UPDATE conversations SET ${summarySet(change)} WHERE id = ${conversationId}::uuid RETURNING ${summaryColumns}`;

/** The list item's columns as they stand now. */
export const summarySql = (conversationId: string) => sql<SummaryColumns>`SELECT ${summaryColumns} FROM conversations WHERE id = ${conversationId}::uuid`;

/**
 * A thread handed to this app comes up waiting: one unread, `preview` as its preview, at the top by the
 * event's time `at` — unless the conversation has a newer message (then only updated_at moves).
 */
export const waitingForAgentSql = (conversationId: string, at: Date, preview: string) => {
  const newer = sql`${at}::timestamptz >= last_message_at`;
  return sql<SummaryColumns>`UPDATE conversations SET
       last_message_text     = CASE WHEN ${newer} THEN ${preview}::text ELSE last_message_text END,
       last_message_is_image = CASE WHEN ${newer} THEN false ELSE last_message_is_image END,
       last_message_at       = GREATEST(last_message_at, ${at}::timestamptz),
       unread_count          = unread_count + CASE WHEN ${newer} THEN 1 ELSE 0 END,
       updated_at            = now()
     WHERE id = ${conversationId}::uuid RETURNING ${summaryColumns}`;
};

/**
 * What an agent's reply needs of its conversation, its customer and its page, in one read, where
 * `pageCondition` (on the pages row `p`) holds (server/services/outbound/send-target.ts names the columns' type).
 */
export const sendTargetSql = <Row>(conversationId: string | null, pageCondition: RawBuilder<boolean>) => sql<Row>`SELECT
       c.id, c.last_inbound_at AS "lastInboundAt", c.last_message_text AS "lastMessageText",
       c.last_message_is_image AS "lastMessageIsImage", c.last_message_at AS "lastMessageAt", c.assignee_id AS "assigneeId", c.thread_owner::text AS "threadOwner",
       u.id AS "customerId", u.psid, u.channel::text AS channel, u.name AS "customerName", u.avatar_url AS "avatarUrl",
       p.id AS "pageId", p.company_id AS "companyId", p.name AS "pageName", p.facebook_page_id AS "facebookPageId",
       p.access_token_enc AS "accessTokenEnc", p.token_status::text AS "tokenStatus",
       -- the fair queue takes precedence over "first replier gets it" (docs/PRODUCT.md §13.4)
       p.auto_assign AND NOT p.fair_queue AS "autoAssign",
       p.policy_state::text AS "policyState", p.policy_reason AS "policyReason"
     FROM conversations c JOIN customers u ON u.id = c.customer_id JOIN pages p ON p.id = c.page_id
    WHERE c.id = ${conversationId}::uuid AND ${pageCondition}`;

/** sendTargetSql's statement beside the reader's columns, for the reader of CTE `rd` (server/access/reader.ts); null target columns when it may not see it. */
export const readerSendTargetSql = <Row>(reader: RawBuilder<unknown>, target: RawBuilder<Row>) =>
  sql<ReaderColumns & (Row | { id: null })>`WITH rd AS (${reader}) SELECT ${readerColumns("rd")}, t.* FROM rd LEFT JOIN LATERAL (${target}) t ON true`;
