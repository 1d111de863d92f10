import { db } from "@/server/db";
import { Prisma } from "@/server/generated/prisma/client";
import { conversationListSelect, type ConversationListRow } from "@/server/services/conversations/serialize";

export type SummaryChange = { at: Date; text: string | null; isImage: boolean; inbound: boolean };

/**
 * How one message folds into its conversation's summary, in event-time order: an older message delivered
 * late never replaces the preview of a newer one, and unread/window only move forward. The SET list of an
 * `UPDATE conversations`, shared by the agent's send and the webhook ingest so both fold the same way.
 */
export function summaryAssignments(change: SummaryChange): Prisma.Sql {
  return Prisma.sql`
      last_message_text     = CASE WHEN ${change.at}::timestamptz >= last_message_at THEN ${change.text} ELSE last_message_text END,
      last_message_is_image = CASE WHEN ${change.at}::timestamptz >= last_message_at THEN ${change.isImage} ELSE last_message_is_image END,
      last_message_at       = GREATEST(last_message_at, ${change.at}::timestamptz),
      last_inbound_at       = CASE WHEN ${change.inbound} THEN GREATEST(COALESCE(last_inbound_at, ${change.at}::timestamptz), ${change.at}::timestamptz) ELSE last_inbound_at END,
      unread_count          = unread_count + CASE WHEN ${change.inbound} THEN 1 ELSE 0 END,
      updated_at            = now()`;
}

/** Folds one message into the summary and reads the list item back (the agent's send path). */
export async function applyToConversation(conversationId: string, change: SummaryChange) {
  await db.$executeRaw`UPDATE conversations SET ${summaryAssignments(change)} WHERE id = ${conversationId}::uuid`;
  return db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: conversationListSelect });
}

/** The conversation's own columns as `RETURNING` them for a list item; tags in creation order, like the list. */
export const SUMMARY_RETURNING = Prisma.sql`
  conversations.id, conversations.is_important, conversations.is_spam, conversations.unread_count,
  conversations.last_message_text, conversations.last_message_is_image, conversations.last_message_at, conversations.last_inbound_at,
  (SELECT coalesce(json_agg(json_build_object('name', t.name, 'color', t.color) ORDER BY t.created_at, t.id), '[]'::json)
     FROM customer_tags t WHERE t.conversation_id = conversations.id) AS tags`;

export type SummaryColumns = {
  is_important: boolean;
  is_spam: boolean;
  unread_count: number;
  last_message_text: string | null;
  last_message_is_image: boolean;
  last_message_at: Date;
  last_inbound_at: Date | null;
  tags: ConversationListRow["tags"];
};

/** A list row from `SUMMARY_RETURNING` plus the customer and page the caller already holds. */
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
  };
}
