import { directPool, ingestPool } from "@/server/db/direct";
import { UUID_V7_EXPRESSION } from "@/server/db/uuid";
import type { MessageRow } from "@/server/services/conversations/serialize";
import { messageColumnsSql } from "@/server/services/conversations/message-columns-sql";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";
import { SUMMARY_RETURNING_SQL, SUMMARY_SET_SQL, summaryParams, type SummaryColumns } from "@/server/services/conversations/conversation-summary";

export type NewMessage = {
  conversationId: string;
  /** Meta's id; null only for our own send before the Send API answered. */
  mid: string | null;
  direction: "inbound" | "outbound";
  senderId: string;
  isEcho: boolean;
  sendStatus: "received" | "sent" | "pending";
  /** The agent who wrote it (our own sends); null for what Meta delivers. */
  authorId?: string | null;
  createdTime: Date;
  text: string | null;
  stickerUrl: string | null;
  attachments: StoredAttachment[];
  isImage: boolean;
  kind: string;
  payload: string | null;
  replyToMid: string | null;
  referral: object | null;
  deletedAt: Date | null;
  /** The list preview when it is not the text (attachments, referrals…: lib/inbox/message-kinds.ts). */
  preview: string | null;
  /** Whether it counts as the customer writing (unread, messaging window); referrals and unsupported rows do not. */
  countsAsInbound: boolean;
  /**
   * Whether it is a person answering the customer (docs/PRODUCT.md §11): our agents' sends (authorId) always;
   * of the echoes, the Page Inbox's (handle-message.ts), never an offer's or another app's.
   */
  answersCustomer?: boolean;
};

export type Recorded = { message: MessageRow; summary: SummaryColumns };

type Row = Omit<MessageRow, "author"> & SummaryColumns;

// $1–$6: the summary change (conversation-summary.ts); $1 is also the message's time.
const RECORD_MESSAGE_SQL = `
    WITH inserted AS (
      INSERT INTO messages (id, conversation_id, mid, direction, sender_id, text, sticker_url, attachments, is_image, is_echo, send_status, created_time,
                            kind, payload, reply_to_mid, referral, deleted_at, author_id)
      VALUES (${UUID_V7_EXPRESSION}, $7::uuid, $8, $9::"MessageDirection", $10, $11, $12, $13::jsonb, $14, $15, $16::"SendStatus", $1::timestamptz,
              $17, $18, $19, $20::jsonb, $21::timestamptz, $22::uuid)
      ON CONFLICT (mid) DO NOTHING
      RETURNING *
    ), summary AS (
      UPDATE conversations SET ${SUMMARY_SET_SQL}
      FROM inserted WHERE conversations.id = inserted.conversation_id
      RETURNING ${SUMMARY_RETURNING_SQL}
    )
    SELECT ${messageColumnsSql("i")},
           s.channel, s.is_important, s.is_spam, s.unread_count, s.last_message_text, s.last_message_is_image, s.last_message_at, s.last_inbound_at, s.status, s.snoozed_until, s.tags, s.assignee
      FROM inserted i JOIN summary s ON s.id = i.conversation_id`;

/**
 * Stores a webhook message and folds it into its conversation in ONE statement:
 *  - the mid is the dedupe (`ON CONFLICT (mid) DO NOTHING`): a replay inserts nothing and changes nothing;
 *  - the summary UPDATE runs only for a row that was inserted, in the same statement, so the message and its
 *    unread count commit together — a delivery processed again after a crash can never count twice;
 *  - RETURNING gives the socket payload (message + list item with tags) without reading anything back.
 * null when the mid was already stored.
 */
export async function recordMessage(m: NewMessage): Promise<Recorded | null> {
  const { rows } = await ingestPool().query<Row>({ name: "webhook-record-message", text: RECORD_MESSAGE_SQL, values: recordMessageValues(m) });
  return rows[0] ? splitRecorded(rows[0]) : null;
}

/**
 * The same statement through the app's plain pool, with synchronous commit (unlike the ingest's): an
 * agent's reply, stored as pending (no mid yet) before the Send API call (send-message.ts).
 */
export async function recordOwnMessage(m: NewMessage): Promise<Recorded> {
  const { rows } = await directPool().query<Row>({ name: "own-message", text: RECORD_MESSAGE_SQL, values: recordMessageValues(m) });
  const row = rows[0];
  if (!row) throw new Error(`conversation ${m.conversationId} is gone`);
  return splitRecorded(row);
}

function recordMessageValues(m: NewMessage): unknown[] {
  const change = {
    at: m.createdTime,
    text: m.preview ?? m.text ?? (m.isImage ? "" : null),
    isImage: m.isImage,
    inbound: m.countsAsInbound,
    answers: m.answersCustomer ?? Boolean(m.authorId),
    authorId: m.authorId ?? null,
  };
  return [...summaryParams(change), m.conversationId, m.mid, m.direction, m.senderId, m.text, m.stickerUrl, JSON.stringify(m.attachments), m.isImage, m.isEcho, m.sendStatus,
    m.kind, m.payload, m.replyToMid, m.referral && JSON.stringify(m.referral), m.deletedAt, m.authorId ?? null];
}

function splitRecorded(row: Row): Recorded {
  const { channel, is_important, is_spam, unread_count, last_message_text, last_message_is_image, last_message_at, last_inbound_at, status, snoozed_until, tags, assignee, ...message } = row;
  return {
    message: { ...message, author: null },
    summary: { channel, is_important, is_spam, unread_count, last_message_text, last_message_is_image, last_message_at, last_inbound_at, status, snoozed_until, tags, assignee },
  };
}
