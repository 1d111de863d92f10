import { ControlError } from "../http/errors";
import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { numericId } from "../ids";
import { customerKey, findCustomer, type SimCustomer } from "../state";
import { avatarUrl } from "../graph/node-api";
import { queryInput, readInput, requirePage } from "./lookup";
import { ZCreateCustomer, ZPageQuery, ZRegisterPage } from "./schemas";

// Pages (with the access token the Graph side will accept) and the customers who write to them.

export function customerView(customer: SimCustomer, publicUrl: string) {
  return { ...customer, profilePic: avatarUrl(publicUrl, customer.psid) };
}

export function registerPageAndCustomerRoutes(router: Router): void {
  // POST /sim/pages — register a page; calling again with the same pageId updates it
  router.add("POST", "/sim/pages", async (ctx) => {
    const input = await readInput(ctx, ZRegisterPage);
    const { pages } = ctx.sim.state;
    const owner = [...pages.values()].find((p) => p.accessToken === input.accessToken && p.pageId !== input.pageId);
    // The token identifies the page on the Graph side, so two pages cannot share one.
    if (owner) throw new ControlError(409, `accessToken is already used by page ${owner.pageId}`);
    const existing = pages.get(input.pageId);
    const page = { ...input, createdAt: existing?.createdAt ?? ctx.sim.now() };
    pages.set(page.pageId, page);
    sendJson(ctx.res, existing ? 200 : 201, page);
  });

  // GET /sim/pages — every registered page
  router.add("GET", "/sim/pages", (ctx) => sendJson(ctx.res, 200, [...ctx.sim.state.pages.values()]));

  // POST /sim/customers — a customer of a page; psid is generated (16 digits) when not given
  router.add("POST", "/sim/customers", async (ctx) => {
    const input = await readInput(ctx, ZCreateCustomer);
    const page = requirePage(ctx.sim, input.pageId);
    if (input.channel === "instagram" && !page.instagram) throw new ControlError(400, `page ${input.pageId} has no Instagram account: register it with instagram {id, username}`);
    const existing = input.psid ? findCustomer(ctx.sim.state, input.pageId, input.psid) : undefined;
    let psid = input.psid;
    while (!psid || (!existing && ctx.sim.state.customers.has(customerKey(input.pageId, psid)))) psid = numericId(16);
    const customer: SimCustomer = {
      pageId: input.pageId,
      psid,
      firstName: input.firstName,
      lastName: input.lastName,
      profileError: input.profileError ?? false,
      ...(input.channel === "instagram" ? { channel: "instagram" as const, username: input.username ?? `${input.firstName}.${input.lastName}`.toLowerCase().replace(/[^a-z0-9._]/g, "") } : {}),
      lastMessageAt: input.lastMessageAt ?? existing?.lastMessageAt,
      createdAt: existing?.createdAt ?? ctx.sim.now(),
    };
    ctx.sim.state.customers.set(customerKey(customer.pageId, psid), customer);
    sendJson(ctx.res, existing ? 200 : 201, customerView(customer, ctx.sim.publicUrl()));
  });

  // GET /sim/customers?pageId= — customers, optionally of one page
  router.add("GET", "/sim/customers", (ctx) => {
    const { pageId } = queryInput(ctx, ZPageQuery);
    const customers = [...ctx.sim.state.customers.values()].filter((c) => !pageId || c.pageId === pageId);
    sendJson(ctx.res, 200, customers.map((c) => customerView(c, ctx.sim.publicUrl())));
  });
}
