import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { emitToRooms } from "@/server/realtime/emit";
import { SERVER_EVENTS } from "@/lib/contract/socket-events";
import { conversationRoom, pageRoom } from "@/server/realtime/room-names";
import { customerKey, type KnownCustomer } from "@/server/services/inbound/customers";
import { channelOf, type IngestPage } from "@/server/services/inbound/ingest-context";
import type { Channel } from "@/lib/inbox/channels";

type ReceiptEvent = Extract<MessengerEvent, { kind: "delivery" | "read" }>;

/**
 * Delivery and read receipts are watermarks: every outgoing message up to that time is delivered (or read).
 * Status only moves forward (sent → delivered → read), so a late delivery never undoes a read. `known` is
 * the batch's customer map; a receipt for someone without a conversation changes nothing.
 */
export async function handleReceiptEvent(page: Pick<IngestPage, "id" | "channel">, event: ReceiptEvent, known: Map<string, KnownCustomer>): Promise<void> {
  const channel = channelOf(page);
  const conversationId = known.get(customerKey(page.id, channel, event.psid))?.conversationId ?? (await findConversationId(page.id, channel, event.psid));
  if (!conversationId) return;
  const watermark = event.kind === "read" && event.mid ? await seenUpTo(conversationId, event.mid, event.watermark) : new Date(event.watermark);
  const forward = event.kind === "read" ? ["sent", "delivered"] : ["sent"];
  const updated = await db.message.updateMany({
    where: {
      conversationId,
      direction: "outbound",
      sendStatus: { in: forward as ("sent" | "delivered")[] },
      OR: [{ createdTime: { lte: watermark } }, ...(event.kind === "delivery" && event.mids.length ? [{ mid: { in: event.mids } }] : [])],
    },
    data: { sendStatus: event.kind === "read" ? "read" : "delivered" },
  });
  // Watermarks only move forward: Meta may deliver an older receipt after a newer one.
  const column = event.kind === "read" ? "readWatermark" : "deliveredWatermark";
  await db.conversation.updateMany({
    where: { id: conversationId, OR: [{ [column]: null }, { [column]: { lt: watermark } }] },
    data: { [column]: watermark },
  });
  if (updated.count > 0) {
    emitToRooms([pageRoom(page.id), conversationRoom(conversationId)], SERVER_EVENTS.messageStatus, {
      conversationId,
      pageId: page.id,
      status: event.kind === "read" ? "read" : "delivered",
      watermark: watermark.toISOString(),
      // Meta's delivery may name messages newer than its watermark: the open thread marks those too.
      ...(event.kind === "delivery" && event.mids.length ? { mids: event.mids } : {}),
    });
  }
}

/** Not in the batch's map: the customer may have been created by a batch running beside this one. */
async function findConversationId(pageId: string, channel: Channel, psid: string): Promise<string | null> {
  const conversation = await db.conversation.findFirst({ where: { pageId, customer: { channel, psid } }, select: { id: true } });
  return conversation?.id ?? null;
}

/**
 * Instagram's seen receipt names the message seen rather than a time: everything of ours up to that
 * message is read. A message we do not hold (sent elsewhere, not imported) leaves the receipt's own time.
 */
async function seenUpTo(conversationId: string, mid: string, receiptTime: number): Promise<Date> {
  const seen = await db.message.findFirst({ where: { conversationId, mid }, select: { createdTime: true } });
  return seen?.createdTime ?? new Date(receiptTime);
}
