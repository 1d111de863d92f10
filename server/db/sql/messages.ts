import { sql, type RawBuilder } from "kysely";
import { newId } from "@/server/db/uuid";
import { summaryColumns, summarySet, type SummaryChange, type SummaryColumns } from "@/server/db/sql/conversations";
import { prepared } from "@/server/db/sql/run";

// The messages family's SQL text (server/db/sql/run.ts says when a statement is text rather than the
// builder): a message stored and folded into its conversation in one statement, and a thread's rows.
// `Message` is the caller's row type for messageColumns (serialize.ts's MessageRow without its author):
// this layer names the columns, the service owns their shape.

/**
 * A message's own columns (serialize.ts's `messageColumns`) as SELECT items of the messages row `alias`,
 * named as Prisma names them: the ingest's RETURNING and the thread's read hand the same MessageRow to
 * toApiMessage as the Prisma readers do.
 */
export function messageColumns<Message>(alias: string): RawBuilder<Message> {
  const m = sql.raw(alias);
  return sql`${m}.id, ${m}.conversation_id AS "conversationId", ${m}.mid, ${m}.direction::text AS direction, ${m}.sender_id AS "senderId", ${m}.text,
          ${m}.sticker_url AS "stickerUrl", ${m}.attachments, ${m}.is_image AS "isImage", ${m}.is_echo AS "isEcho", ${m}.is_violation AS "isViolation",
          ${m}.send_status::text AS "sendStatus", ${m}.error_message AS "errorMessage", ${m}.created_time AS "createdTime",
          ${m}.kind, ${m}.payload, ${m}.reply_to_mid AS "replyToMid", ${m}.referral, ${m}.reactions, ${m}.edited_at AS "editedAt", ${m}.deleted_at AS "deletedAt", ${m}.automatic`;
}

/** A message row to insert (record-message.ts builds it); JSON columns already serialized. */
export type MessageInsert = {
  conversationId: string;
  mid: string | null;
  direction: "inbound" | "outbound";
  senderId: string;
  text: string | null;
  stickerUrl: string | null;
  attachmentsJson: string;
  isImage: boolean;
  isEcho: boolean;
  sendStatus: "received" | "sent" | "pending";
  createdTime: Date;
  kind: string;
  payload: string | null;
  replyToMid: string | null;
  referralJson: string | null;
  deletedAt: Date | null;
  authorId: string | null;
  /** The fold's `answers` (SummaryChange), kept on the row for the rollup rebuild. */
  answersCustomer: boolean;
};

/**
 * The message inserted and folded into its conversation in ONE statement: the mid is the dedupe (a replay
 * inserts nothing and changes nothing), the summary UPDATE runs only for a row that was inserted, and the
 * result is the message and the list item's columns. No row when the mid was already stored.
 */
export const recordMessageSql = <Message>(m: MessageInsert, change: SummaryChange) => prepared("record-message", sql<Message & SummaryColumns>`
    WITH inserted AS (
      INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, sticker_url, attachments, is_image, is_echo, send_status, created_time,
                            kind, payload, reply_to_mid, referral, deleted_at, author_id, answers_customer)
      VALUES (${newId}, ${m.conversationId}::uuid, ${m.mid}, ${m.direction}::"MessageDirection", ${m.senderId}, ${m.text}, ${m.stickerUrl}, ${m.attachmentsJson}::jsonb,
              ${m.isImage}, ${m.isEcho}, ${m.sendStatus}::"SendStatus", ${m.createdTime}::timestamptz,
              ${m.kind}, ${m.payload}, ${m.replyToMid}, ${m.referralJson}::jsonb, ${m.deletedAt}::timestamptz, ${m.authorId}::uuid, ${m.answersCustomer}::boolean)
      ON CONFLICT (mid) DO NOTHING
      RETURNING *
    ), summary AS (
      UPDATE conversations SET ${summarySet(change)}
      FROM inserted WHERE conversations.id = inserted.conversation_id
      RETURNING ${summaryColumns}
    )
    SELECT ${messageColumns("i")},
           s.channel, s.is_important, s.is_spam, s.unread_count, s.last_message_text, s.last_message_is_image, s.last_message_at, s.last_inbound_at, s.status, s.snoozed_until, s.tags, s.assignee
      FROM inserted i JOIN summary s ON s.id = i.conversation_id`);

export type ThreadCursor = { at: Date; id: string };
/** The thread's window: older than `older` (newest first) or newer than `newer` (oldest first; wins when both are given). */
export type ThreadWindow = { older: ThreadCursor | null; newer: ThreadCursor | null; take: number };

// The system events of the conversation's customer (system-events.ts) as thread rows, in messages' columns.
const SYSTEM_ROW_COLUMNS = sql`e.id, c.id AS "conversationId", NULL::text AS mid, 'inbound'::text AS direction, e.psid AS "senderId", e.summary AS text,
          NULL::text AS "stickerUrl", '[]'::jsonb AS attachments, false AS "isImage", false AS "isEcho", false AS "isViolation",
          'received'::text AS "sendStatus", NULL::text AS "errorMessage", e.occurred_at AS "createdTime",
          'system'::text AS kind, e.event AS payload, NULL::text AS "replyToMid", NULL::jsonb AS referral, NULL::jsonb AS reactions,
          NULL::timestamptz AS "editedAt", NULL::timestamptz AS "deletedAt", NULL::text AS automatic, NULL::uuid AS author_id, NULL::text AS author_name`;

/**
 * Up to `take` rows of the conversation on the (created_time, id) order: its messages and its customer's
 * system events (opt-ins, handovers…), each read on its own index from the cursor and merged; the
 * redundant time bound lets each index start at the cursor. One statement shape per direction.
 */
export function threadRowsSql<Message>(conversationId: string, window: ThreadWindow): RawBuilder<Message & { author_id: string | null; author_name: string | null }> {
  const cursor = window.newer ?? window.older;
  const bound = (time: string, id: string) => {
    if (!cursor) return sql``;
    const [op, strict] = window.newer ? [sql.raw(">="), sql.raw(">")] : [sql.raw("<="), sql.raw("<")];
    const [t, at, i] = [sql.raw(time), sql`${cursor.at}::timestamptz`, sql.raw(id)];
    return sql`AND ${t} ${op} ${at} AND (${t} ${strict} ${at} OR (${t} = ${at} AND ${i} ${strict} ${cursor.id}::uuid))`;
  };
  const direction = sql.raw(window.newer ? "ASC" : "DESC");
  const shape = window.newer ? "-newer" : window.older ? "-older" : "";
  return prepared(`thread-messages${shape}`, sql<Message & { author_id: string | null; author_name: string | null }>`SELECT * FROM (
             (SELECT ${messageColumns("m")}, u.id AS author_id, u.name AS author_name
                FROM messages m LEFT JOIN users u ON u.id = m.author_id
               WHERE m.conversation_id = ${conversationId}::uuid ${bound("m.created_time", "m.id")}
               ORDER BY m.created_time ${direction}, m.id ${direction}
               LIMIT ${window.take})
             UNION ALL
             (SELECT ${SYSTEM_ROW_COLUMNS}
                FROM conversations c JOIN customers cu ON cu.id = c.customer_id
                JOIN system_events e ON e.page_id = cu.page_id AND e.psid = cu.psid
               WHERE c.id = ${conversationId}::uuid ${bound("e.occurred_at", "e.id")}
               ORDER BY e.occurred_at ${direction}, e.id ${direction}
               LIMIT ${window.take})
           ) AS rows
           ORDER BY "createdTime" ${direction}, id ${direction}
           LIMIT ${window.take}`);
}

/**
 * Per conversation of `ids`, its newest message matching `pattern`, walked newest first on
 * messages(conversation_id, created_time desc) and stopped at the first hit: the function
 * newest_matching_messages (migration search_snippet_function) runs it without bitmap scans, which is what
 * makes it stop early, in one statement.
 */
export const newestMatchSql = (ids: string[], pattern: string) => sql<{ id: string; text: string }>`SELECT id, text FROM newest_matching_messages(${ids}::uuid[], ${pattern}::text)`;
