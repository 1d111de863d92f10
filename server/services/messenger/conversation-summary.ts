import { db } from "@/server/db";
import { conversationListSelect } from "@/server/services/conversations/serialize";

type Change = { at: Date; text: string | null; isImage: boolean; inbound: boolean };

/**
 * Folds one message into the conversation's summary in a single UPDATE, in event-time order: an older
 * message delivered late never replaces the preview of a newer one, and unread/window only move forward.
 */
export async function applyToConversation(conversationId: string, change: Change) {
  await db.$executeRaw`
    UPDATE conversations SET
      last_message_text     = CASE WHEN ${change.at} >= last_message_at THEN ${change.text} ELSE last_message_text END,
      last_message_is_image = CASE WHEN ${change.at} >= last_message_at THEN ${change.isImage} ELSE last_message_is_image END,
      last_message_at       = GREATEST(last_message_at, ${change.at}),
      last_inbound_at       = CASE WHEN ${change.inbound} THEN GREATEST(COALESCE(last_inbound_at, ${change.at}), ${change.at}) ELSE last_inbound_at END,
      unread_count          = unread_count + CASE WHEN ${change.inbound} THEN 1 ELSE 0 END,
      updated_at            = now()
    WHERE id = ${conversationId}::uuid`;
  return db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: conversationListSelect });
}
