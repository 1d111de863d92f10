import { sendJson } from "../http/respond";
import type { RouteContext } from "../http/router";
import { findCustomer } from "../state";
import { accessTokenFrom, pageForToken } from "./auth";
import { invalidParameter, unsupportedRequest } from "./graph-error";
import { isUserToken, SIM_USER } from "./facebook-login";
import { nodeValues, pickDefined, publicNode } from "./comment-nodes";
import { handleMentionRead } from "./mentions-api";

// GET /{version}/{id}?fields=… — a customer's profile (User Profile API, by PSID), the page itself
// (/me or /{page-id}, which apps use to check a page token), or one of the Page's posts and comments
// (comment-nodes.ts). Only the requested fields come back.

const PROFILE_FIELDS = ["id", "name", "first_name", "last_name", "profile_pic"];
/** Instagram-scoped people (GET /{igsid}): name, username and picture, no first or last name. */
const INSTAGRAM_PROFILE_FIELDS = ["id", "name", "username", "profile_pic"];
const LINKED_INSTAGRAM = "instagram_business_account{id,username,profile_picture_url}";
const PAGE_FIELDS = ["id", "name"];

export function requestedFields(url: URL, defaults: string[], allowed: string[], nodeType: string): string[] {
  const fields = (url.searchParams.get("fields") ?? "").split(",").map((f) => f.trim()).filter(Boolean);
  for (const field of fields) {
    if (!allowed.includes(field)) throw invalidParameter(`Tried accessing nonexisting field (${field}) on node type (${nodeType})`);
  }
  return fields.length ? [...new Set(["id", ...fields])] : defaults;
}

function pick(values: Record<string, string>, fields: string[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f, values[f] ?? ""]));
}

export function avatarUrl(publicUrl: string, psid: string): string {
  return `${publicUrl}/avatars/${psid}.svg`;
}

export function handleNodeRead(ctx: RouteContext, id: string): void {
  const { sim, url } = ctx;
  const token = accessTokenFrom(ctx.req, url);
  // A user token (Facebook Login) reads the person: /me answers them, not a Page.
  if (isUserToken(sim, token) && (id === "me" || id === SIM_USER.id)) {
    sendJson(ctx.res, 200, pick({ id: SIM_USER.id, name: SIM_USER.name }, requestedFields(url, PAGE_FIELDS, PAGE_FIELDS, "User")));
    return;
  }
  const page = pageForToken(sim, token);
  if ((id === "me" || id === page.pageId) && url.searchParams.get("fields") === LINKED_INSTAGRAM) {
    // The Instagram professional account linked to the Page; Meta leaves the field out when there is none.
    const ig = page.instagram;
    sendJson(ctx.res, 200, { id: page.pageId, ...(ig ? { instagram_business_account: { id: ig.id, username: ig.username, profile_picture_url: avatarUrl(sim.publicUrl(), ig.id) } } : {}) });
    return;
  }
  // The Instagram account reads what @mentions it (mentions-api.ts).
  if (handleMentionRead(ctx, page, id)) return;
  if (id === "me" || id === page.pageId) {
    sendJson(ctx.res, 200, pick({ id: page.pageId, name: page.name }, requestedFields(url, PAGE_FIELDS, PAGE_FIELDS, "Page")));
    return;
  }
  const node = publicNode(sim, page.pageId, id);
  if (node) {
    const { values, defaults, allowed, nodeType } = nodeValues(sim, node);
    sendJson(ctx.res, 200, pickDefined(values, requestedFields(url, defaults, allowed, nodeType)));
    return;
  }
  const customer = findCustomer(sim.state, page.pageId, id);
  // A customer flagged profileError is answered like a person whose profile Meta will not share.
  if (!customer || customer.profileError) throw unsupportedRequest("GET", id);
  if (customer.channel === "instagram") {
    const fields = requestedFields(url, ["name", "username", "profile_pic", "id"], INSTAGRAM_PROFILE_FIELDS, "User");
    const values = { id: customer.psid, name: `${customer.firstName} ${customer.lastName}`.trim(), username: customer.username ?? "", profile_pic: avatarUrl(sim.publicUrl(), customer.psid) };
    sendJson(ctx.res, 200, pick(values, fields));
    return;
  }
  const fields = requestedFields(url, ["first_name", "last_name", "profile_pic", "id"], PROFILE_FIELDS, "User");
  const values = {
    id: customer.psid,
    name: `${customer.firstName} ${customer.lastName}`.trim(),
    first_name: customer.firstName,
    last_name: customer.lastName,
    profile_pic: avatarUrl(sim.publicUrl(), customer.psid),
  };
  sendJson(ctx.res, 200, pick(values, fields));
}
