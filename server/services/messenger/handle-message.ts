import { db } from "@/server/db";
import type { MessengerEvent } from "@/server/messenger/webhook-events";
import { emitToPageAndConversation, EVENTS } from "@/server/realtime/emit";
import { messageSelect, toApiMessage, toConversationListItem } from "@/server/services/conversations/serialize";
import { findOrCreateConversation, findOrCreateCustomer } from "@/server/services/messenger/customers";
import { applyToConversation } from "@/server/services/messenger/conversation-summary";
import { confirmOfferEcho } from "@/server/services/offers/confirm-echo";

type MessageEvent = Extract<MessengerEvent, { kind: "message" | "postback" }>;
type PageRow = { id: string; name: string; accessTokenEnc: string; facebookPageId: string };

/**
 * Stores one inbound message, echo or postback exactly once (mid is unique), updates the conversation
 * summary in timestamp order, and pushes it to the page's and the conversation's sockets.
 */
export async function handleMessageEvent(page: PageRow, event: MessageEvent): Promise<void> {
  // A bulk offer's echo names its ledger row: proof Meta took it, even if the worker never heard back.
  // Before the replay check, so a redelivered echo still settles a row the first delivery did not.
  if (event.kind === "message" && event.isEcho && event.metadata) await confirmOfferEcho(event.metadata, event.mid);
  if (await db.message.findUnique({ where: { mid: event.mid }, select: { id: true } })) return; // replay

  const customer = await findOrCreateCustomer(page, event.psid);
  const conversation = await findOrCreateConversation(page.id, customer.id);
  const createdTime = new Date(event.timestamp);
  const isEcho = event.kind === "message" && event.isEcho;

  if (isEcho && (await claimPendingSend(conversation.id, event))) return;

  const content = contentOf(event);
  const inserted = await db.message.createManyAndReturn({
    data: [
      {
        conversationId: conversation.id,
        mid: event.mid,
        direction: isEcho ? "outbound" : "inbound",
        senderId: isEcho ? page.facebookPageId : event.psid,
        isEcho,
        sendStatus: isEcho ? "sent" : "received",
        createdTime,
        ...content,
      },
    ],
    skipDuplicates: true, // a concurrent delivery of the same mid lost the race: nothing to do
    select: messageSelect,
  });
  const message = inserted[0];
  if (!message) return;

  const summary = await applyToConversation(conversation.id, {
    at: createdTime,
    text: content.text ?? (content.isImage ? "" : null),
    isImage: content.isImage,
    inbound: !isEcho,
  });
  const payload = {
    message: toApiMessage(message, { customerName: customer.name, pageName: page.name }),
    conversation: toConversationListItem(summary),
    pageId: page.id,
    conversationId: conversation.id,
  };
  emitToPageAndConversation(page.id, conversation.id, EVENTS.newMessage, payload);
}

function contentOf(event: MessageEvent) {
  if (event.kind === "postback") return { text: event.title ?? event.payload ?? "", stickerUrl: null, attachments: [], isImage: false };
  const sticker = event.attachments.find((a) => a.stickerId);
  const images = event.attachments.filter((a) => a.type === "image" && a.url && !a.stickerId);
  const others = event.attachments.filter((a) => a.type !== "image" && a.url);
  return {
    text: event.text ?? (others.length ? `[${others.map((a) => a.type).join(", ")}]` : null),
    stickerUrl: sticker?.url ?? null,
    attachments: [...images, ...others].map((a) => ({ type: a.type, url: a.url })),
    isImage: images.length > 0 && !event.text,
  };
}

/**
 * An echo of our own Send API call can arrive before the call returns its message id. The pending row the
 * send created (no mid yet, same text) takes the echo's mid, so the message appears once.
 */
async function claimPendingSend(conversationId: string, event: MessageEvent): Promise<boolean> {
  if (event.kind !== "message") return false;
  const pending = await db.message.findFirst({
    where: { conversationId, mid: null, direction: "outbound", sendStatus: "pending", text: event.text ?? null, createdAt: { gte: new Date(Date.now() - 120_000) } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (!pending) return false;
  const claimed = await db.message.updateMany({ where: { id: pending.id, mid: null }, data: { mid: event.mid } });
  return claimed.count === 1;
}
