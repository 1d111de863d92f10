import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { messageId } from "../ids";
import { PAGE_INBOX_APP_ID } from "../options";
import { deliverWebhook } from "../webhook/deliver";
import { deliveryItem, echoItem, postbackItem, readItem, singleItemBody } from "../webhook/events";
import { scheduleEchoAndDelivery } from "../webhook/receipts";
import { deliverySummary } from "./customer-messages";
import { readInput, requireCustomer } from "./lookup";
import { personBody } from "../handover";
import { ZDelivery, ZInboxEcho, ZPostback, ZRead } from "./schemas";

// Events other than a customer's message: a reply typed in Facebook's Page inbox (only its echo reaches
// the app), read and delivery receipts, and postbacks (button taps).

export function registerPageEventRoutes(router: Router): void {
  // POST /sim/echo — someone answered in Facebook's Page inbox, outside Switchboard
  router.add("POST", "/sim/echo", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZInboxEcho);
    requireCustomer(sim, input.pageId, input.psid);
    const reply = { ...input, mid: messageId(), time: sim.now() };
    sim.state.inboxReplies.push(reply);
    const echo = { pageId: input.pageId, psid: input.psid, mid: reply.mid, timestamp: reply.time, appId: PAGE_INBOX_APP_ID, text: input.text };
    const delivery = await deliverWebhook(sim, "echo", personBody(sim, input.pageId, input.psid, echoItem(echo), sim.now()));
    // The customer's Messenger then acknowledges it like any page message.
    scheduleEchoAndDelivery(sim, echo, { echo: false });
    sendJson(ctx.res, 200, { mid: reply.mid, delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/read — the customer has read everything the page sent before `watermark`
  router.add("POST", "/sim/read", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZRead);
    requireCustomer(sim, input.pageId, input.psid);
    const now = sim.now();
    const item = readItem({ pageId: input.pageId, psid: input.psid, timestamp: now, watermark: input.watermark ?? now });
    const delivery = await deliverWebhook(sim, "read", singleItemBody(input.pageId, item, now));
    sendJson(ctx.res, 200, { delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/delivery — a delivery receipt; without mids it is watermark-only, as older clients send
  router.add("POST", "/sim/delivery", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZDelivery);
    requireCustomer(sim, input.pageId, input.psid);
    const now = sim.now();
    const item = deliveryItem({ pageId: input.pageId, psid: input.psid, mids: input.mids, watermark: input.watermark ?? now });
    const delivery = await deliverWebhook(sim, "delivery", singleItemBody(input.pageId, item, now));
    sendJson(ctx.res, 200, { delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/postback — the customer tapped a button; like a message, it opens the messaging window
  router.add("POST", "/sim/postback", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZPostback);
    const customer = requireCustomer(sim, input.pageId, input.psid);
    const now = sim.now();
    customer.lastMessageAt = Math.max(customer.lastMessageAt ?? 0, now);
    const mid = messageId();
    const item = postbackItem({ ...input, timestamp: now, mid });
    const delivery = await deliverWebhook(sim, "postback", singleItemBody(input.pageId, item, now));
    sendJson(ctx.res, 200, { mid, delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });
}
