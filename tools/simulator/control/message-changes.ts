import type { SimContext } from "../context";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { deliverWebhook } from "../webhook/deliver";
import { editItem, reactionItem, referralItem, singleItemBody, unsendItem, type MessagingItem } from "../webhook/events";
import { deliverySummary } from "./customer-messages";
import { readInput, requireCustomer } from "./lookup";
import { ZEdit, ZRawItem, ZReaction, ZReferral, ZUnsend } from "./schemas";

// What a customer does to a conversation besides writing: react to a message, edit or unsend one of theirs,
// come back through an ad / m.me link / chat plugin (referral), or anything else as a raw messaging item.

const EMOJI: Record<string, string> = { love: "❤️", smile: "😆", wow: "😮", sad: "😢", angry: "😠", like: "👍", dislike: "👎", other: "👍" };

async function deliverItem(sim: SimContext, kind: string, pageId: string, item: MessagingItem) {
  const delivery = await deliverWebhook(sim, kind, singleItemBody(pageId, item, sim.now()));
  return { delivered: delivery.delivered, status: delivery.status, deliveries: [deliverySummary(delivery)] };
}

export function registerMessageChangeRoutes(router: Router): void {
  // POST /sim/reaction — the customer reacts to (or unreacts from) a message by its mid
  router.add("POST", "/sim/reaction", async (ctx) => {
    const input = await readInput(ctx, ZReaction);
    requireCustomer(ctx.sim, input.pageId, input.psid);
    const emoji = input.action === "react" ? (input.emoji ?? EMOJI[input.reaction]) : undefined;
    const item = reactionItem({ ...input, emoji, timestamp: ctx.sim.now() });
    sendJson(ctx.res, 200, await deliverItem(ctx.sim, "reaction", input.pageId, item));
  });

  // POST /sim/edit — the customer edits one of their messages (num_edit counts up per message)
  router.add("POST", "/sim/edit", async (ctx) => {
    const input = await readInput(ctx, ZEdit);
    requireCustomer(ctx.sim, input.pageId, input.psid);
    const message = ctx.sim.state.customerMessages.find((m) => m.mid === input.mid);
    if (message) message.text = input.text;
    const numEdit = (ctx.sim.state.editCounts.get(input.mid) ?? 0) + 1;
    ctx.sim.state.editCounts.set(input.mid, numEdit);
    const item = editItem({ ...input, numEdit, timestamp: ctx.sim.now() });
    sendJson(ctx.res, 200, { numEdit, ...(await deliverItem(ctx.sim, "edit", input.pageId, item)) });
  });

  // POST /sim/unsend — the customer unsends one of their messages
  router.add("POST", "/sim/unsend", async (ctx) => {
    const input = await readInput(ctx, ZUnsend);
    requireCustomer(ctx.sim, input.pageId, input.psid);
    const messages = ctx.sim.state.customerMessages;
    const index = messages.findIndex((m) => m.mid === input.mid);
    if (index >= 0) messages.splice(index, 1);
    sendJson(ctx.res, 200, await deliverItem(ctx.sim, "unsend", input.pageId, unsendItem({ ...input, timestamp: ctx.sim.now() })));
  });

  // POST /sim/referral — the customer opened the thread again from an ad, an m.me link or the chat plugin
  router.add("POST", "/sim/referral", async (ctx) => {
    const input = await readInput(ctx, ZReferral);
    requireCustomer(ctx.sim, input.pageId, input.psid);
    sendJson(ctx.res, 200, await deliverItem(ctx.sim, "referral", input.pageId, referralItem({ ...input, timestamp: ctx.sim.now() })));
  });

  // POST /sim/raw — any messaging item (optin, account_linking, a future kind…): the app must show it, never drop it
  router.add("POST", "/sim/raw", async (ctx) => {
    const input = await readInput(ctx, ZRawItem);
    requireCustomer(ctx.sim, input.pageId, input.psid);
    const item = { sender: { id: input.psid }, recipient: { id: input.pageId }, timestamp: ctx.sim.now(), ...input.item } as MessagingItem;
    sendJson(ctx.res, 200, await deliverItem(ctx.sim, "raw", input.pageId, item));
  });
}
