import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { UNSENT_TEXT } from "@/lib/inbox/message-kinds";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import type { PreviousText } from "@/server/services/inbound/handle-edit";
import { announceUpdate, replacePreviewIfLatest, findTarget } from "@/server/services/conversations/message-update";

type MessageEvent = Extract<MessengerEvent, { kind: "message" }>;

/**
 * message.is_deleted: the customer unsent a message. Its text leaves the thread, the list and search (it
 * moves to previous_texts, for audit) and the row shows "This message was unsent". false when the message
 * is not stored: the caller then stores it as already unsent, so a late original can never show its text.
 */
export async function handleUnsendEvent(page: IngestPage, event: MessageEvent): Promise<boolean> {
  const target = await findTarget(page, event.mid);
  if (!target) return false;
  if (target.deletedAt) return true;
  const history = await db.message.findUniqueOrThrow({ where: { id: target.id }, select: { previousTexts: true } });
  const previous = (history.previousTexts as PreviousText[] | null) ?? [];
  const at = new Date(event.timestamp);
  await db.message.update({
    where: { id: target.id },
    data: { text: null, deletedAt: at, previousTexts: [...previous, { text: target.text, until: at.toISOString(), reason: "unsend" }] },
  });
  await replacePreviewIfLatest(target, UNSENT_TEXT);
  await announceUpdate(target.id);
  return true;
}
