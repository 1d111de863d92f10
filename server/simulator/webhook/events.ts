import type { InboundAttachment } from "../state";

// Webhook bodies in Meta's shapes (Messenger Platform › Webhook events: messages, message_echoes,
// message_deliveries, message_reads, messaging_postbacks). Customer → page items have the customer as
// sender; echoes swap the roles (the page is the sender).

export type MessagingItem = { sender: { id: string }; recipient: { id: string }; timestamp: number } & Record<string, unknown>;
export type WebhookEntry = { id: string; time: number; messaging: MessagingItem[] };
export type WebhookBody = { object: "page"; entry: WebhookEntry[] };

export function webhookBody(entries: WebhookEntry[]): WebhookBody {
  return { object: "page", entry: entries };
}

/** The usual delivery: one entry for the page with one messaging item. */
export function singleItemBody(pageId: string, item: MessagingItem, time: number): WebhookBody {
  return webhookBody([{ id: pageId, time, messaging: [item] }]);
}

type Parties = { pageId: string; psid: string; timestamp: number };

function fromCustomer({ pageId, psid, timestamp }: Parties) {
  return { sender: { id: psid }, recipient: { id: pageId }, timestamp };
}

export function customerMessageItem(
  input: Parties & { mid: string; text?: string; attachments: InboundAttachment[]; replyTo?: string; quickReply?: string; stickerStyle: "sticker" | "image" },
): MessagingItem {
  const sticker = input.attachments.find((a) => a.stickerId !== undefined);
  const message: Record<string, unknown> = { mid: input.mid };
  if (input.text !== undefined) message.text = input.text;
  if (input.attachments.length) {
    message.attachments = input.attachments.map((a) =>
      a.stickerId !== undefined
        ? { type: input.stickerStyle, payload: { url: a.url, sticker_id: a.stickerId } }
        : attachmentPayload(a),
    );
  }
  // Before the 2026 sticker change Meta also put sticker_id on the message itself.
  if (sticker && input.stickerStyle === "image") message.sticker_id = sticker.stickerId;
  if (input.replyTo) message.reply_to = { mid: input.replyTo };
  if (input.quickReply) message.quick_reply = { payload: input.quickReply };
  return { ...fromCustomer(input), message };
}

/** Meta's shapes per type: media carry payload.url; a location its coordinates; a shared link (fallback) title + url. */
function attachmentPayload(a: InboundAttachment): Record<string, unknown> {
  if (a.type === "location") return { type: "location", title: a.title ?? "Pinned location", payload: { coordinates: { lat: a.lat ?? 0, long: a.long ?? 0 } } };
  if (a.type === "fallback") return { type: "fallback", title: a.title ?? "Shared link", url: a.url, payload: null };
  return { type: a.type, payload: { url: a.url } };
}

/** A reaction to a message (message_reactions): react adds or replaces the person's, unreact removes it. */
export function reactionItem(input: Parties & { mid: string; action: "react" | "unreact"; reaction: string; emoji?: string }): MessagingItem {
  return { ...fromCustomer(input), reaction: { mid: input.mid, action: input.action, reaction: input.reaction, ...(input.emoji ? { emoji: input.emoji } : {}) } };
}

/** message_edits: the customer edited a message; num_edit counts their edits of it. */
export function editItem(input: Parties & { mid: string; text: string; numEdit: number }): MessagingItem {
  return { ...fromCustomer(input), message_edit: { mid: input.mid, text: input.text, num_edit: input.numEdit } };
}

/** The customer unsent a message: a messages event with is_deleted. */
export function unsendItem(input: Parties & { mid: string }): MessagingItem {
  return { ...fromCustomer(input), message: { mid: input.mid, is_deleted: true } };
}

/** messaging_referrals: the person came back through an ad, an m.me link or the chat plugin. */
export function referralItem(input: Parties & { source: string; type: string; ref?: string; adId?: string }): MessagingItem {
  return { ...fromCustomer(input), referral: { source: input.source, type: input.type, ...(input.ref ? { ref: input.ref } : {}), ...(input.adId ? { ad_id: input.adId } : {}) } };
}

export function echoItem(
  input: Parties & { mid: string; appId: string; text?: string; attachment?: { type: string; url: string }; metadata?: string },
): MessagingItem {
  const message: Record<string, unknown> = { mid: input.mid, is_echo: true, app_id: Number(input.appId) };
  if (input.metadata !== undefined) message.metadata = input.metadata;
  if (input.text !== undefined) message.text = input.text;
  if (input.attachment) message.attachments = [{ type: input.attachment.type, payload: { url: input.attachment.url } }];
  return { sender: { id: input.pageId }, recipient: { id: input.psid }, timestamp: input.timestamp, message };
}

/** `mids` may be absent: Meta documents watermark-only receipts from older clients. */
export function deliveryItem(input: Parties & { mids?: string[]; watermark: number }): MessagingItem {
  return { ...fromCustomer(input), delivery: { ...(input.mids ? { mids: input.mids } : {}), watermark: input.watermark } };
}

export function readItem(input: Parties & { watermark: number }): MessagingItem {
  return { ...fromCustomer(input), read: { watermark: input.watermark } };
}

export function postbackItem(input: Parties & { mid: string; title: string; payload: string }): MessagingItem {
  return { ...fromCustomer(input), postback: { mid: input.mid, title: input.title, payload: input.payload } };
}
