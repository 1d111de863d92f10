import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { accessTokenFrom, pageForToken } from "./auth";
import { invalidParameter } from "./graph-error";
import { takeInjectedError } from "./injected-errors";

// /{page-id}/subscribed_apps with the Page token: POST subscribes our app to the Page's webhook fields
// (`subscribed_fields`, comma-separated, required), DELETE removes it, GET lists it. Meta answers
// {success:true} to both writes.

const KNOWN_FIELDS = new Set([
  "messages", "messaging_postbacks", "message_deliveries", "message_reads", "message_echoes", "message_reactions",
  "messaging_referrals", "message_edits", "messaging_optins", "messaging_handovers", "messaging_policy_enforcement", "feed",
  "standby", "messaging_account_linking", "messaging_feedback", "messaging_game_plays", "response_feedback",
]);

export function handleSubscribedApps(ctx: RouteContext, pageIdInPath: string, method: string, fields: Record<string, unknown>): void {
  const { sim, url } = ctx;
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, fields), pageIdInPath);
  if (method === "GET") {
    const sub = sim.state.subscriptions.get(page.pageId);
    sendJson(ctx.res, 200, { data: sub ? [{ id: sim.appId, name: "Switchboard", subscribed_fields: sub.fields }] : [] });
    return;
  }
  const injected = takeInjectedError(sim.state, page.pageId, undefined, "subscribed_apps");
  if (injected) throw injected;
  if (method === "DELETE") {
    sim.state.subscriptions.delete(page.pageId);
    sim.log(`page ${page.pageId} unsubscribed the app`);
    sendJson(ctx.res, 200, { success: true });
    return;
  }
  const raw = url.searchParams.get("subscribed_fields") ?? (typeof fields.subscribed_fields === "string" ? fields.subscribed_fields : "");
  const list = raw.split(",").map((f) => f.trim()).filter(Boolean);
  if (!list.length) throw invalidParameter("(#100) The parameter subscribed_fields is required");
  const unknown = list.find((f) => !KNOWN_FIELDS.has(f));
  if (unknown) throw invalidParameter(`(#100) Param subscribed_fields must be one of {${[...KNOWN_FIELDS].join(", ")}} - got "${unknown}"`);
  sim.state.subscriptions.set(page.pageId, { fields: list, at: sim.now() });
  sim.log(`page ${page.pageId} subscribed the app to ${list.join(",")}`);
  sendJson(ctx.res, 200, { success: true });
}
