import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { sanitizeText } from "@/server/integrations/meta/sanitize-json";
import type { IngestPage } from "@/server/services/inbound/ingest-context";
import { announceUpdate, replacePreviewIfLatest, findTarget, targetMissing } from "@/server/services/conversations/message-update";

type EditEvent = Extract<MessengerEvent, { kind: "edit" }>;
export type PreviousText = { text: string | null; until: string; reason: "edit" | "unsend" };

/**
 * message_edit: the new text replaces the old, which is kept in previous_texts (audit). num_edit counts
 * the person's edits of that message, so a redelivered or late edit (num_edit not above what we applied)
 * changes nothing.
 */
export async function handleEditEvent(page: IngestPage, event: EditEvent): Promise<void> {
  const target = await findTarget(page, event.mid);
  if (!target) throw targetMissing(event.mid);
  const history = await db.message.findUniqueOrThrow({ where: { id: target.id }, select: { previousTexts: true } });
  const previous = (history.previousTexts as PreviousText[] | null) ?? [];
  const applied = previous.filter((p) => p.reason === "edit").length;
  if (event.numEdit <= applied || target.deletedAt) return;
  const at = new Date(event.timestamp);
  await db.message.update({
    where: { id: target.id },
    data: { text: sanitizeText(event.text), editedAt: at, previousTexts: [...previous, { text: target.text, until: at.toISOString(), reason: "edit" }] },
  });
  await replacePreviewIfLatest(target, sanitizeText(event.text));
  await announceUpdate(target.id);
}
