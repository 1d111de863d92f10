import type { ParsedBody } from "../http/body";
import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { appsOf, ownerOf, primaryOf, roleOf, setOwner } from "../handover";
import { PAGE_INBOX_APP_ID } from "../options";
import { findCustomer, type SimCustomer, type SimPage } from "../state";
import { accessTokenFrom, pageForToken } from "./auth";
import { GraphApiError, invalidParameter } from "./graph-error";

// The handover protocol's Graph endpoints, with the Page token, as Meta documents them:
//   POST /{page-id}/pass_thread_control {recipient:{id}, target_app_id, metadata?} → {success:true}
//   POST /{page-id}/take_thread_control {recipient:{id}, metadata?}                → {success:true}
//   POST /{page-id}/request_thread_control {recipient:{id}, metadata?}             → {success:true}
//   GET  /{page-id}/thread_owner?recipient={psid} → {data:[{thread_owner:{app_id}}]}
//   GET  /{page-id}/secondary_receivers?fields=id,name → {data:[{id,name}]} (primary receiver only)
// Meta sends the handover webhook to the other app (the new owner of a pass, the loser of a take), not to
// the caller, so these calls deliver nothing to our app.

export const HANDOVER_EDGES = new Set(["pass_thread_control", "take_thread_control", "request_thread_control", "thread_owner", "secondary_receivers"]);

const notPrimary = (what: string) => new GraphApiError(200, { message: `(#200) Only the Page's primary receiver can ${what}`, httpStatus: 403 });

function recipientOf(sim: RouteContext["sim"], page: SimPage, fields: Record<string, unknown>): SimCustomer {
  const raw = fields.recipient;
  let recipient: unknown = raw;
  if (typeof raw === "string") {
    try {
      recipient = JSON.parse(raw); // form posts carry JSON strings
    } catch {
      throw invalidParameter("(#100) param recipient must be a JSON object");
    }
  }
  const psid = (recipient as { id?: unknown } | null | undefined)?.id;
  if (psid === undefined || psid === null || psid === "") throw invalidParameter("(#100) The parameter recipient is required");
  const customer = findCustomer(sim.state, page.pageId, String(psid));
  if (!customer) throw invalidParameter("No matching user found", 2018001);
  return customer;
}

export function handleHandoverApi(ctx: RouteContext, pageIdInPath: string, edge: string, method: string, body: ParsedBody): void {
  const { sim, url } = ctx;
  const fields: Record<string, unknown> = { ...Object.fromEntries(url.searchParams), ...body.fields };
  const page = pageForToken(sim, accessTokenFrom(ctx.req, url, fields), pageIdInPath);
  const log = (psid: string, action: string, fromAppId: string | null, toAppId: string | null) =>
    sim.state.handover.log.push({ pageId: page.pageId, psid, action, fromAppId, toAppId, by: sim.appId, metadata: typeof fields.metadata === "string" ? fields.metadata : undefined, time: sim.now() });

  if (edge === "secondary_receivers" && method === "GET") {
    if (roleOf(sim, page.pageId) !== "primary_receiver") throw notPrimary("read its secondary receivers");
    const wanted = String(fields.fields ?? "id").split(",").map((f) => f.trim());
    const data = [...appsOf(sim)].filter(([id]) => id !== sim.appId).map(([id, name]) => ({ id, ...(wanted.includes("name") ? { name } : {}) }));
    sendJson(ctx.res, 200, { data });
    return;
  }
  if (edge === "thread_owner" && method === "GET") {
    const customer = recipientOf(sim, page, { recipient: { id: fields.recipient } });
    const owner = ownerOf(sim, page.pageId, customer.psid);
    // A secondary receiver sees the owner only when it is itself or the primary receiver.
    if (roleOf(sim, page.pageId) === "secondary_receiver" && owner !== sim.appId && owner !== primaryOf(sim, page.pageId)) {
      throw invalidParameter("(#100) Denying visibility of any secondary receiver to another secondary receiver other than itself.", 2018234);
    }
    sendJson(ctx.res, 200, { data: [{ thread_owner: { app_id: owner } }] });
    return;
  }
  if (method !== "POST") throw invalidParameter(`(#100) Unsupported ${method.toLowerCase()} request on /${edge}`);

  const customer = recipientOf(sim, page, fields);
  const owner = ownerOf(sim, page.pageId, customer.psid);
  if (edge === "pass_thread_control") {
    const target = fields.target_app_id === undefined || fields.target_app_id === "" ? undefined : String(fields.target_app_id);
    if (!target) throw invalidParameter("(#100) The parameter target_app_id is required");
    if (!appsOf(sim).has(target) || target === sim.appId) throw invalidParameter(`(#100) param target_app_id must be the id of another app with a role on this Page (got ${target})`);
    if (owner !== sim.appId) throw new GraphApiError(10, { subcode: 2018300, message: "(#10) This app does not control the conversation with this person, so it cannot pass it." });
    setOwner(sim, page.pageId, customer.psid, target);
    log(customer.psid, edge, sim.appId, target);
    sim.log(`handover: page ${page.pageId} passed ${customer.psid} to ${target === PAGE_INBOX_APP_ID ? "the Page Inbox" : target}`);
  } else if (edge === "take_thread_control") {
    if (owner !== sim.appId) {
      if (roleOf(sim, page.pageId) !== "primary_receiver") throw notPrimary("take control of a thread another app controls");
      setOwner(sim, page.pageId, customer.psid, sim.appId);
      log(customer.psid, edge, owner, sim.appId);
      sim.log(`handover: page ${page.pageId} took ${customer.psid} from ${owner}`);
    }
  } else if (edge === "request_thread_control") {
    if (owner === sim.appId) throw invalidParameter("(#100) This app already controls the conversation with this person");
    log(customer.psid, edge, owner, sim.appId);
    sim.log(`handover: page ${page.pageId} asked ${owner} for ${customer.psid}`);
  } else {
    throw invalidParameter(`(#100) Unsupported post request on /${edge}`);
  }
  sendJson(ctx.res, 200, { success: true });
}
