import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { messageId } from "../ids";
import { deliverWebhook } from "../webhook/deliver";
import { guestItem, singleItemBody, systemEventItem } from "../webhook/events";
import { deliverySummary } from "./customer-messages";
import { readInput, requirePage, requireCustomer } from "./lookup";
import { ZGuestEvent, ZSystemEvent } from "./schemas";

// What a person does besides writing, in Meta's shapes: opt-ins, account linking, feedback and game plays
// (the app shows them as quiet lines, never unread), and what a guest known only by a user_ref does (the
// checkbox or chat plugin: no PSID, no conversation until they write).

export function registerCustomerEventRoutes(router: Router): void {
  // POST /sim/system-event — an opt-in, account (un)linking, a feedback answer or a game play
  router.add("POST", "/sim/system-event", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZSystemEvent);
    requireCustomer(sim, input.pageId, input.psid);
    const now = sim.now();
    const delivery = await deliverWebhook(sim, input.kind, singleItemBody(input.pageId, systemEventItem({ ...input, timestamp: now }), now));
    sendJson(ctx.res, 200, { delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/guest — a checkbox opt-in (no sender), a guest's postback or message (sender.user_ref)
  router.add("POST", "/sim/guest", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZGuestEvent);
    requirePage(sim, input.pageId);
    const now = sim.now();
    const item = guestItem(input.kind === "message" ? { ...input, timestamp: now, mid: messageId() } : { ...input, timestamp: now });
    const delivery = await deliverWebhook(sim, `guest-${input.kind}`, singleItemBody(input.pageId, item, now));
    sendJson(ctx.res, 200, { delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] });
  });
}
