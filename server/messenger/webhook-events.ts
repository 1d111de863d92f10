import { z } from "zod";

// Meta's webhook body → a flat list of events the ingest understands. Unknown fields are ignored (Meta adds
// fields over time); an item that matches nothing we handle becomes { kind: "ignored" } rather than an error.

const ZAttachment = z.object({
  type: z.string(),
  payload: z.object({ url: z.string().optional(), sticker_id: z.union([z.number(), z.string()]).optional(), title: z.string().optional() }).partial().nullable().optional(),
});

const ZMessaging = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      app_id: z.union([z.number(), z.string()]).optional(),
      metadata: z.string().optional(),
      sticker_id: z.union([z.number(), z.string()]).optional(),
      attachments: z.array(ZAttachment).optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  read: z.object({ watermark: z.number() }).optional(),
  postback: z.object({ mid: z.string().optional(), title: z.string().optional(), payload: z.string().optional() }).optional(),
});

export const ZWebhookBody = z.object({
  object: z.string(),
  entry: z.array(z.object({ id: z.string(), time: z.number().optional(), messaging: z.array(z.unknown()).optional() })),
});

export type InboundAttachment = { type: string; url?: string; stickerId?: string };

export type MessengerEvent =
  | { kind: "message"; pageId: string; psid: string; timestamp: number; mid: string; text?: string; attachments: InboundAttachment[]; isEcho: boolean; appId?: string; metadata?: string }
  | { kind: "delivery"; pageId: string; psid: string; timestamp: number; watermark: number; mids: string[] }
  | { kind: "read"; pageId: string; psid: string; timestamp: number; watermark: number }
  | { kind: "postback"; pageId: string; psid: string; timestamp: number; mid: string; title?: string; payload?: string }
  | { kind: "ignored"; pageId: string; reason: string };

/** Every entry and every messaging item, oldest first (Meta may deliver out of order). */
export function parseWebhookBody(body: unknown): MessengerEvent[] {
  const parsed = ZWebhookBody.safeParse(body);
  if (!parsed.success || parsed.data.object !== "page") return [];
  const events: MessengerEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const raw of entry.messaging ?? []) events.push(toEvent(entry.id, raw));
  }
  return events.sort((a, b) => timestampOf(a) - timestampOf(b));
}

function timestampOf(event: MessengerEvent): number {
  return "timestamp" in event ? event.timestamp : 0;
}

function toEvent(entryPageId: string, raw: unknown): MessengerEvent {
  const parsed = ZMessaging.safeParse(raw);
  if (!parsed.success) return { kind: "ignored", pageId: entryPageId, reason: "unrecognised messaging item" };
  const item = parsed.data;
  const isEcho = item.message?.is_echo === true;
  // For echoes Meta swaps the roles: the page is the sender and the customer the recipient.
  const pageId = isEcho ? item.sender.id : item.recipient.id;
  const psid = isEcho ? item.recipient.id : item.sender.id;
  const base = { pageId, psid, timestamp: item.timestamp };
  if (item.message) {
    const attachments = (item.message.attachments ?? []).map((a) => ({
      type: a.type,
      url: a.payload?.url,
      stickerId: a.payload?.sticker_id !== undefined ? String(a.payload.sticker_id) : undefined,
    }));
    if (item.message.sticker_id !== undefined && !attachments.some((a) => a.stickerId)) {
      attachments.push({ type: "image", url: undefined, stickerId: String(item.message.sticker_id) });
    }
    return { kind: "message", ...base, mid: item.message.mid, text: item.message.text, attachments, isEcho, appId: item.message.app_id?.toString(), metadata: item.message.metadata };
  }
  if (item.delivery) return { kind: "delivery", ...base, watermark: item.delivery.watermark, mids: item.delivery.mids ?? [] };
  if (item.read) return { kind: "read", ...base, watermark: item.read.watermark };
  if (item.postback) {
    return { kind: "postback", ...base, mid: item.postback.mid ?? `postback-${psid}-${item.timestamp}`, title: item.postback.title, payload: item.postback.payload };
  }
  return { kind: "ignored", pageId: entryPageId, reason: "no handled field" };
}
