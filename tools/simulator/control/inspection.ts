import { randomBytes } from "node:crypto";
import { ControlError } from "../http/errors";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { resetState } from "../state";
import { requestOnce } from "../webhook/request";
import { queryInput, readInput } from "./lookup";
import { ZConfigPatch, ZPageQuery, ZReset } from "./schemas";

// What tests and people look at: the Send API calls received, the webhooks delivered, a thread view;
// plus reset, live settings, a health check and the webhook subscription handshake.

export function registerInspectionRoutes(router: Router): void {
  // GET /sim/sent?pageId=&psid= — Send API messages the page sent, oldest first
  router.add("GET", "/sim/sent", (ctx) => {
    const { pageId, psid } = queryInput(ctx, ZPageQuery);
    sendJson(ctx.res, 200, ctx.sim.state.sent.filter((s) => (!pageId || s.pageId === pageId) && (!psid || s.psid === psid)));
  });

  // GET /sim/sender-actions?pageId=&psid= — typing_on / typing_off / mark_seen the page sent, oldest first
  router.add("GET", "/sim/sender-actions", (ctx) => {
    const { pageId, psid } = queryInput(ctx, ZPageQuery);
    sendJson(ctx.res, 200, ctx.sim.state.senderActions.filter((s) => (!pageId || s.pageId === pageId) && (!psid || s.psid === psid)));
  });

  // GET /sim/requests — every Graph API request received (method, raw path, parameter names), oldest first
  router.add("GET", "/sim/requests", (ctx) => sendJson(ctx.res, 200, ctx.sim.state.graphRequests));

  // GET /sim/events — every webhook delivery with its attempts and final status, oldest first
  router.add("GET", "/sim/events", (ctx) => sendJson(ctx.res, 200, ctx.sim.state.events));

  // GET /sim/thread?pageId=&psid= — the conversation as the customer sees it (for the web UI)
  router.add("GET", "/sim/thread", (ctx) => {
    const { pageId, psid } = queryInput(ctx, ZPageQuery);
    if (!pageId || !psid) throw new ControlError(400, "Invalid request: pageId and psid are required");
    const { state } = ctx.sim;
    const matches = (m: { pageId: string; psid: string }) => m.pageId === pageId && m.psid === psid;
    const statusOf = (ids: number[]) => {
      const deliveries = state.events.filter((e) => ids.includes(e.id));
      return { delivered: deliveries.some((d) => d.delivered), pending: deliveries.some((d) => !d.done), status: deliveries.at(-1)?.status ?? null };
    };
    const thread = [
      ...state.customerMessages.filter(matches).map((m) => ({ from: "customer", mid: m.mid, time: m.timestamp, text: m.text, attachments: m.attachments, webhook: statusOf(m.deliveryIds) })),
      ...state.sent.filter(matches).map((s) => ({ from: "page", via: "send_api", mid: s.mid, time: s.time, text: s.content.text, attachments: s.content.attachment ? [s.content.attachment] : [], messagingType: s.messagingType, tag: s.tag, privateReplyTo: s.privateReplyTo })),
      ...state.inboxReplies.filter(matches).map((r) => ({ from: "page", via: "page_inbox", mid: r.mid, time: r.time, text: r.text, attachments: [] })),
    ].sort((a, b) => a.time - b.time);
    sendJson(ctx.res, 200, thread);
  });

  // POST /sim/reset — forget sends, events and queued errors; {all:true} also forgets pages and customers
  router.add("POST", "/sim/reset", async (ctx) => {
    const { all } = await readInput(ctx, ZReset);
    resetState(ctx.sim.state, all ?? false);
    sendJson(ctx.res, 200, { reset: all ? "all" : "traffic" });
  });

  // GET /sim/config and PATCH /sim/config — the settings that can change while running
  router.add("GET", "/sim/config", (ctx) => sendJson(ctx.res, 200, ctx.sim.settings));
  router.add("PATCH", "/sim/config", async (ctx) => {
    Object.assign(ctx.sim.settings, await readInput(ctx, ZConfigPatch));
    sendJson(ctx.res, 200, ctx.sim.settings);
  });

  // GET /sim/health — for scripts that wait until the simulator is up
  router.add("GET", "/sim/health", (ctx) => sendJson(ctx.res, 200, { ok: true, pages: ctx.sim.state.pages.size }));

  // POST /sim/subscribe — Meta's GET handshake (hub.mode, hub.verify_token, hub.challenge) against the app
  router.add("POST", "/sim/subscribe", async (ctx) => {
    const { sim } = ctx;
    if (!sim.settings.webhookUrl) throw new ControlError(409, "No webhook URL is configured (PATCH /sim/config {webhookUrl})");
    const challenge = randomBytes(8).toString("hex");
    const url = new URL(sim.settings.webhookUrl);
    url.search = new URLSearchParams({ "hub.mode": "subscribe", "hub.verify_token": sim.verifyToken, "hub.challenge": challenge }).toString();
    const result = await requestOnce({ method: "GET", url: url.toString(), timeoutMs: sim.settings.webhookTimeoutMs, signal: sim.tasks.signal, agents: sim.agents });
    const verified = result.status === 200 && result.body === challenge;
    sendJson(ctx.res, 200, { verified, status: result.status, ...(result.status === null ? { error: result.error } : {}) });
  });
}
