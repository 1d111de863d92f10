import { firstRow } from "@/server/db/sql/run";
import { recordMessageSql } from "@/server/db/sql/messages";
import type { SummaryColumns } from "@/server/db/sql/conversations";
import type { MessageRow } from "@/server/services/conversations/serialize";
import type { StoredAttachment } from "@/lib/inbox/message-kinds";

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

/**
 * Stores a webhook message and folds it into its conversation in ONE statement (server/db/sql/messages.ts):
 *  - the mid is the dedupe (`ON CONFLICT (mid) DO NOTHING`): a replay inserts nothing and changes nothing;
 *  - the summary UPDATE runs only for a row that was inserted, in the same statement, so the message and its
 *    unread count commit together — a delivery processed again after a crash can never count twice;
 *  - RETURNING gives the socket payload (message + list item with tags) without reading anything back.
 * null when the mid was already stored.
 */
export async function recordMessage(m: NewMessage): Promise<Recorded | null> {
  const row = await firstRow(recordMessageStatement(m), { on: "ingest" });
  return row ? splitRecorded(row) : null;
}

/**
 * The same statement through the app's plain pool, with synchronous commit (unlike the ingest's): an
 * agent's reply, stored as pending (no mid yet) before the Send API call (send-message.ts).
 */
export async function recordOwnMessage(m: NewMessage): Promise<Recorded> {
  const row = await recordOwnMessageOnce(m);
  if (!row) throw new Error(`conversation ${m.conversationId} is gone`);
  return row;
}

/**
 * recordOwnMessage for a send stored after Meta answered (a comment's private reply: its conversation is
 * known only from the answer): null when its mid is stored already — Meta's echo came first.
 */
export async function recordOwnMessageOnce(m: NewMessage): Promise<Recorded | null> {
  const row = await firstRow(recordMessageStatement(m));
  return row ? splitRecorded(row) : null;
}

function recordMessageStatement(m: NewMessage) {
  const change = {
    at: m.createdTime,
    text: m.preview ?? m.text ?? (m.isImage ? "" : null),
    isImage: m.isImage,
    inbound: m.countsAsInbound,
    answers: m.answersCustomer ?? Boolean(m.authorId),
    authorId: m.authorId ?? null,
  };
  return recordMessageSql<Omit<MessageRow, "author">>(
    {
      conversationId: m.conversationId,
      mid: m.mid,
      direction: m.direction,
      senderId: m.senderId,
      text: m.text,
      stickerUrl: m.stickerUrl,
      attachmentsJson: JSON.stringify(m.attachments),
      isImage: m.isImage,
      isEcho: m.isEcho,
      sendStatus: m.sendStatus,
      createdTime: m.createdTime,
      kind: m.kind,
      payload: m.payload,
      replyToMid: m.replyToMid,
      referralJson: m.referral && JSON.stringify(m.referral),
      deletedAt: m.deletedAt,
      authorId: m.authorId ?? null,
      answersCustomer: change.answers,
    },
    change,
  );
}

function splitRecorded(row: Omit<MessageRow, "author"> & SummaryColumns): Recorded {
  const { channel, is_important, is_spam, unread_count, last_message_text, last_message_is_image, last_message_at, last_inbound_at, status, snoozed_until, response_due_at, first_reply_due, tags, assignee, ...message } = row;
  return {
    message: { ...message, author: null },
    summary: { channel, is_important, is_spam, unread_count, last_message_text, last_message_is_image, last_message_at, last_inbound_at, status, snoozed_until, response_due_at, first_reply_due, tags, assignee },
  };
}
