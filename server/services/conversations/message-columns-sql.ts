// A message's own columns (serialize.ts's `messageColumns`) as plain-pg SELECT items of the messages row
// `alias`, named as Prisma names them: the ingest's RETURNING (record-message.ts) and the thread's read
// (thread-rows.ts) hand the same MessageRow to toApiMessage as the Prisma readers do.
export function messageColumnsSql(alias: string): string {
  const m = alias;
  return `${m}.id, ${m}.conversation_id AS "conversationId", ${m}.mid, ${m}.direction::text AS direction, ${m}.sender_id AS "senderId", ${m}.text,
          ${m}.sticker_url AS "stickerUrl", ${m}.attachments, ${m}.is_image AS "isImage", ${m}.is_echo AS "isEcho", ${m}.is_violation AS "isViolation",
          ${m}.send_status::text AS "sendStatus", ${m}.error_message AS "errorMessage", ${m}.created_time AS "createdTime",
          ${m}.kind, ${m}.payload, ${m}.reply_to_mid AS "replyToMid", ${m}.referral, ${m}.reactions, ${m}.edited_at AS "editedAt", ${m}.deleted_at AS "deletedAt"`;
}
