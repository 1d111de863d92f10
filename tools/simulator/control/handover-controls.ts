import { z } from "zod";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import type { SimContext } from "../context";
import { appsOf, ownerOf, pageBody, primaryOf, roleOf, SECOND_APP_ID, setOwner } from "../handover";
import { PAGE_INBOX_APP_ID } from "../options";
import { deliverWebhook } from "../webhook/deliver";
import type { WebhookBody } from "../webhook/events";
import { deliverySummary } from "./customer-messages";
import { queryInput, readInput, requireCustomer, requirePage } from "./lookup";
import { ControlError } from "../http/errors";

// The Page's other apps and Meta itself, driven by hand (docs/SIMULATOR.md "Handover and policy"): another
// app takes a thread from our app (the person's messages then arrive as standby), hands it back, asks for
// it; the Page's handover roles change (app_roles); Meta blocks, warns or unblocks the Page
// (policy_enforcement). Each delivers the webhook Meta would send our app.

const ZId = z.string().regex(/^\d{1,32}$/, "must be a numeric Facebook id (digits only)");
/** "page_inbox", "bot" (the second app, Helpdesk Bot), "app" (ours) or an app id. */
const ZApp = z.union([z.enum(["page_inbox", "bot", "app"]), ZId]);
const ZThreadInput = z.strictObject({ pageId: ZId, psid: ZId, appId: ZApp.optional(), metadata: z.string().max(1000).optional() });
const ZRoles = z.strictObject({ pageId: ZId, role: z.enum(["primary_receiver", "secondary_receiver"]) });
const ZPolicy = z.strictObject({ pageId: ZId, action: z.enum(["block", "warning", "unblock"]), reason: z.string().min(1).max(2000).optional() });
const ZThreadQuery = z.strictObject({ pageId: ZId, psid: ZId });

const DEFAULT_POLICY_REASON =
  "The bot violated our Platform Policies (https://developers.facebook.com/devpolicy/#messengerplatform). Common violations include sending out excessive spammy messages or being non-functional.";

function appIdOf(sim: SimContext, app: z.infer<typeof ZApp> | undefined, fallback: string): string {
  if (app === undefined) return fallback;
  const id = app === "page_inbox" ? PAGE_INBOX_APP_ID : app === "bot" ? SECOND_APP_ID : app === "app" ? sim.appId : app;
  if (!appsOf(sim).has(id)) throw new ControlError(400, `Invalid request: appId ${id} has no role on the page (use page_inbox, bot, app or one of ${[...appsOf(sim).keys()].join(", ")})`);
  return id;
}

/** A messaging_handovers item about a person: sender is the person, recipient the Page. */
function handoverBody(pageId: string, psid: string, time: number, field: string, value: Record<string, unknown>): WebhookBody {
  return { object: "page", entry: [{ id: pageId, time, messaging: [{ sender: { id: psid }, recipient: { id: pageId }, timestamp: time, [field]: value }] }] };
}

export function registerHandoverControlRoutes(router: Router): void {
  // POST /sim/handover/take — another app (default: Helpdesk Bot) takes the thread; our app is told if it held it
  router.add("POST", "/sim/handover/take", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZThreadInput);
    requireCustomer(sim, input.pageId, input.psid);
    const taker = appIdOf(sim, input.appId, SECOND_APP_ID);
    if (taker === sim.appId) throw new ControlError(400, "Invalid request: our app takes a thread through Graph (POST /{page-id}/take_thread_control)");
    const previous = ownerOf(sim, input.pageId, input.psid);
    setOwner(sim, input.pageId, input.psid, taker);
    const now = sim.now();
    sim.state.handover.log.push({ pageId: input.pageId, psid: input.psid, action: "take_thread_control", fromAppId: previous, toAppId: taker, by: taker, metadata: input.metadata, time: now });
    // Meta tells the app the thread was taken from.
    const delivery =
      previous === sim.appId
        ? await deliverWebhook(sim, "take_thread_control", handoverBody(input.pageId, input.psid, now, "take_thread_control", { previous_owner_app_id: sim.appId, new_owner_app_id: taker, metadata: input.metadata ?? "Taken over" }))
        : null;
    sendJson(ctx.res, 200, { owner: taker, previousOwner: previous, deliveries: delivery ? [deliverySummary(delivery)] : [] });
  });

  // POST /sim/handover/pass — the app holding the thread passes it (default: to our app, who is told)
  router.add("POST", "/sim/handover/pass", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZThreadInput);
    requireCustomer(sim, input.pageId, input.psid);
    const target = appIdOf(sim, input.appId, sim.appId);
    const previous = ownerOf(sim, input.pageId, input.psid);
    if (previous === sim.appId) throw new ControlError(409, "Our app holds this thread: it passes it through Graph (POST /{page-id}/pass_thread_control)");
    if (previous === target) throw new ControlError(409, `App ${target} already holds this thread`);
    setOwner(sim, input.pageId, input.psid, target);
    const now = sim.now();
    sim.state.handover.log.push({ pageId: input.pageId, psid: input.psid, action: "pass_thread_control", fromAppId: previous, toAppId: target, by: previous, metadata: input.metadata, time: now });
    // Meta tells the app the thread was passed to.
    const delivery =
      target === sim.appId
        ? await deliverWebhook(sim, "pass_thread_control", handoverBody(input.pageId, input.psid, now, "pass_thread_control", { previous_owner_app_id: previous, new_owner_app_id: target, metadata: input.metadata ?? "Passed back" }))
        : null;
    sendJson(ctx.res, 200, { owner: target, previousOwner: previous, deliveries: delivery ? [deliverySummary(delivery)] : [] });
  });

  // POST /sim/handover/request — another app asks our app (which holds the thread) to pass it
  router.add("POST", "/sim/handover/request", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZThreadInput);
    requireCustomer(sim, input.pageId, input.psid);
    const requester = appIdOf(sim, input.appId, SECOND_APP_ID);
    if (ownerOf(sim, input.pageId, input.psid) !== sim.appId) throw new ControlError(409, "Our app does not hold this thread: Meta sends the request to the app that does");
    const now = sim.now();
    sim.state.handover.log.push({ pageId: input.pageId, psid: input.psid, action: "request_thread_control", fromAppId: sim.appId, toAppId: requester, by: requester, metadata: input.metadata, time: now });
    const delivery = await deliverWebhook(sim, "request_thread_control", handoverBody(input.pageId, input.psid, now, "request_thread_control", { requested_owner_app_id: requester, metadata: input.metadata ?? "Requesting control" }));
    sendJson(ctx.res, 200, { deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/handover/roles — the Page's admin picks our app's role; every app gets app_roles
  router.add("POST", "/sim/handover/roles", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZRoles);
    requirePage(sim, input.pageId);
    sim.state.handover.roles.set(input.pageId, input.role);
    const now = sim.now();
    const roles = {
      [sim.appId]: [input.role],
      [SECOND_APP_ID]: [input.role === "primary_receiver" ? "secondary_receiver" : "primary_receiver"],
      [PAGE_INBOX_APP_ID]: ["secondary_receiver"],
    };
    const delivery = await deliverWebhook(sim, "app_roles", pageBody(input.pageId, now, { app_roles: roles }));
    sendJson(ctx.res, 200, { roles, deliveries: [deliverySummary(delivery)] });
  });

  // POST /sim/policy — Meta blocks, warns or unblocks the Page (messaging_policy_enforcement)
  router.add("POST", "/sim/policy", async (ctx) => {
    const { sim } = ctx;
    const input = await readInput(ctx, ZPolicy);
    requirePage(sim, input.pageId);
    const now = sim.now();
    // Meta leaves the reason out of an unblock.
    const policy = input.action === "unblock" ? { action: "unblock" } : { action: input.action, reason: input.reason ?? DEFAULT_POLICY_REASON };
    const delivery = await deliverWebhook(sim, "policy_enforcement", pageBody(input.pageId, now, { policy_enforcement: policy }));
    sendJson(ctx.res, 200, { policy_enforcement: policy, deliveries: [deliverySummary(delivery)] });
  });

  // GET /sim/handover?pageId=&psid= — who holds the thread, our app's role, and the changes of hands
  router.add("GET", "/sim/handover", (ctx) => {
    const { sim } = ctx;
    const { pageId, psid } = queryInput(ctx, ZThreadQuery);
    requireCustomer(sim, pageId, psid);
    sendJson(ctx.res, 200, {
      owner: ownerOf(sim, pageId, psid),
      role: roleOf(sim, pageId),
      primaryReceiver: primaryOf(sim, pageId),
      apps: Object.fromEntries(appsOf(sim)),
      log: sim.state.handover.log.filter((l) => l.pageId === pageId && l.psid === psid),
    });
  });
}
