import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/messenger/webhook-events";
import { emitToPageAndConversation, EVENTS } from "@/server/realtime/emit";

type ReceiptEvent = Extract<MessengerEvent, { kind: "delivery" | "read" }>;

/**
 * Delivery and read receipts are watermarks: every outgoing message up to that time is delivered (or read).
 * Status only moves forward (sent → delivered → read), so a late delivery never undoes a read.
 */
export async function handleReceiptEvent(page: { id: string }, event: ReceiptEvent): Promise<void> {
  const conversation = await db.conversation.findFirst({
    where: { pageId: page.id, customer: { psid: event.psid } },
    select: { id: true },
  });
  if (!conversation) return;
  const watermark = new Date(event.watermark);
  const forward = event.kind === "read" ? ["sent", "delivered"] : ["sent"];
  const updated = await db.message.updateMany({
    where: {
      conversationId: conversation.id,
      direction: "outbound",
      sendStatus: { in: forward as ("sent" | "delivered")[] },
      OR: [{ createdTime: { lte: watermark } }, ...(event.kind === "delivery" && event.mids.length ? [{ mid: { in: event.mids } }] : [])],
    },
    data: { sendStatus: event.kind === "read" ? "read" : "delivered" },
  });
  await db.conversation.update({
    where: { id: conversation.id },
    data: event.kind === "read" ? { readWatermark: watermark } : { deliveredWatermark: watermark },
  });
  if (updated.count > 0) {
    emitToPageAndConversation(page.id, conversation.id, EVENTS.messageStatus, {
      conversationId: conversation.id,
      pageId: page.id,
      status: event.kind === "read" ? "read" : "delivered",
      watermark: watermark.toISOString(),
    });
  }
}
