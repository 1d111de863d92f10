import type { SimContext } from "../context";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { messageId, numericId } from "../ids";
import { expiringMediaUrl, SAMPLE_FOR_TYPE } from "../assets/media";
import type { CustomerMessage, InboundAttachment, WebhookDelivery } from "../state";
import { deliverWebhook } from "../webhook/deliver";
import { customerMessageItem, singleItemBody, webhookBody, type MessagingItem, type WebhookEntry } from "../webhook/events";
import { absoluteUrl, readInput, requireCustomer } from "./lookup";
import { personBody } from "../handover";
import { ZBatch, ZCustomerMessage, type TCustomerMessage } from "./schemas";

// "Write as a customer": the messages webhook Meta sends when a person writes to a page. Writing also
// (re)opens the page's messaging window for that person, whether or not the app accepts the webhook.

type MessageInput = Omit<TCustomerMessage, "duplicate" | "delayMs">;
type Built = { record: CustomerMessage; item: MessagingItem };

export const deliverySummary = (d: WebhookDelivery) => ({ id: d.id, status: d.status, delivered: d.delivered, attempts: d.attempts.length });

export function stickerUrl(sim: SimContext, stickerId: number): string {
  return `${sim.publicUrl()}/stickers/${stickerId}.png`;
}

/** Media without a url get the sample for their type at an expiring URL (assets/media.ts). */
function inboundAttachment(sim: SimContext, a: NonNullable<MessageInput["attachments"]>[number]): InboundAttachment {
  if (a.type === "location") return { type: "location", title: a.title, lat: a.lat ?? 0, long: a.long ?? 0 };
  if (a.type === "fallback" || a.type === "post" || a.type === "ig_post") return { type: a.type, title: a.title, url: absoluteUrl(sim, a.url!) };
  if (a.type === "reel" || a.type === "ig_reel") {
    // A reel is its video: the sample clip at an expiring URL unless one is given.
    return { type: a.type, title: a.title, url: a.url ? absoluteUrl(sim, a.url) : expiringMediaUrl(sim, SAMPLE_FOR_TYPE.video!), videoId: String(1_000_000_000_000_000 + Math.floor(Math.random() * 1e9)) };
  }
  if (a.type === "appointment_booking") {
    const start = a.booking?.start ?? sim.now() + 86_400_000;
    return { type: a.type, booking: { id: `booking-${start}`, status: a.booking?.status ?? "confirmed", start, end: a.booking?.end ?? start + 3_600_000, timezone: a.booking?.timezone ?? "Europe/Berlin" } };
  }
  // Instagram's shares and story mentions are pictures on Meta's CDN: the sample image.
  return { type: a.type, url: a.url ? absoluteUrl(sim, a.url) : expiringMediaUrl(sim, SAMPLE_FOR_TYPE[a.type] ?? SAMPLE_FOR_TYPE.image!) };
}

function buildCustomerMessage(sim: SimContext, input: MessageInput, timestamp: number): Built {
  const customer = requireCustomer(sim, input.pageId, input.psid);
  const attachments: InboundAttachment[] = [
    ...(input.imageUrl ? [{ type: "image", url: absoluteUrl(sim, input.imageUrl) }] : []),
    ...(input.attachments ?? []).map((a) => inboundAttachment(sim, a)),
    ...(input.stickerId !== undefined ? [{ type: "sticker", url: stickerUrl(sim, input.stickerId), stickerId: input.stickerId }] : []),
  ];
  const record: CustomerMessage = { pageId: input.pageId, psid: input.psid, mid: messageId(), text: input.text, attachments, timestamp, deliveryIds: [] };
  customer.lastMessageAt = Math.max(customer.lastMessageAt ?? 0, timestamp);
  sim.state.customerMessages.push(record);
  const story = input.storyReply && { url: input.storyReply.url ? absoluteUrl(sim, input.storyReply.url) : expiringMediaUrl(sim, SAMPLE_FOR_TYPE.image!), id: numericId(17) };
  const item = customerMessageItem({ ...record, replyTo: input.replyTo, quickReply: input.quickReply, stickerStyle: sim.settings.stickerAttachmentType, story, unsupported: input.unsupported });
  return { record, item };
}

export function registerCustomerMessageRoutes(router: Router): void {
  // POST /sim/messages — one customer message, delivered (and optionally delivered twice) to the app
  router.add("POST", "/sim/messages", async (ctx) => {
    const { sim } = ctx;
    const { duplicate, delayMs, ...input } = await readInput(ctx, ZCustomerMessage);
    const built = buildCustomerMessage(sim, input, input.timestamp ?? sim.now());
    if (delayMs) await sim.tasks.sleep(delayMs);
    // A duplicate is Meta re-sending the very same body, byte for byte. Standby while another app holds the thread.
    const body = personBody(sim, input.pageId, input.psid, built.item, sim.now());
    const deliveries: WebhookDelivery[] = [];
    for (let i = 0; i < (duplicate ? 2 : 1); i++) {
      const delivery = await deliverWebhook(sim, "message", body);
      built.record.deliveryIds.push(delivery.id);
      deliveries.push(delivery);
    }
    const last = deliveries.at(-1)!;
    sendJson(ctx.res, 200, { mid: built.record.mid, delivered: deliveries.every((d) => d.delivered), status: last.status, deliveries: deliveries.map(deliverySummary) });
  });

  // POST /sim/batch — several messages: one POST each, or all in one POST; optionally newest first
  router.add("POST", "/sim/batch", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZBatch);
    for (const event of input.events) requireCustomer(sim, event.pageId, event.psid); // all or nothing
    const start = sim.now();
    const built = input.events.map((event, i) => buildCustomerMessage(sim, event, event.timestamp ?? start + i));
    const ordered = input.outOfOrder ? [...built].reverse() : built;
    const deliveries: WebhookDelivery[] = [];
    if (input.singleRequest) {
      const delivery = await deliverWebhook(sim, "batch", webhookBody(entriesFor(ordered, sim.now(), input.shareEntry ?? false)));
      for (const b of built) b.record.deliveryIds.push(delivery.id);
      deliveries.push(delivery);
    } else {
      for (const b of ordered) {
        const delivery = await deliverWebhook(sim, "message", singleItemBody(b.record.pageId, b.item, sim.now()));
        b.record.deliveryIds.push(delivery.id);
        deliveries.push(delivery);
      }
    }
    sendJson(ctx.res, 200, {
      messages: built.map(({ record }) => ({ mid: record.mid, pageId: record.pageId, psid: record.psid, timestamp: record.timestamp })),
      delivered: deliveries.every((d) => d.delivered),
      deliveries: deliveries.map(deliverySummary),
    });
  });
}

/** Meta's usual batch has one entry per event; shareEntry groups a page's items into one entry. */
function entriesFor(built: Built[], time: number, shareEntry: boolean): WebhookEntry[] {
  if (!shareEntry) return built.map((b) => ({ id: b.record.pageId, time, messaging: [b.item] }));
  const byPage = new Map<string, MessagingItem[]>();
  for (const b of built) byPage.set(b.record.pageId, [...(byPage.get(b.record.pageId) ?? []), b.item]);
  return [...byPage].map(([id, messaging]) => ({ id, time, messaging }));
}
