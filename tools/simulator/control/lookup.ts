import type { z } from "zod";
import type { SimContext } from "../context";
import { parseBody } from "../http/body";
import { ControlError } from "../http/errors";
import type { RouteContext } from "../http/router";
import { findCustomer, type SimCustomer, type SimPage } from "../state";
import { parseInput } from "./schemas";

// Shared steps of the control handlers: read and validate the body, find the page and customer it
// names (404 with what to do about it), and turn simulator paths into absolute URLs.

export async function readInput<S extends z.ZodType>(ctx: RouteContext, schema: S): Promise<z.output<S>> {
  const { fields } = await parseBody(ctx.req);
  return parseInput(schema, fields);
}

export function queryInput<S extends z.ZodType>(ctx: RouteContext, schema: S): z.output<S> {
  return parseInput(schema, Object.fromEntries(ctx.url.searchParams));
}

export function requirePage(sim: SimContext, pageId: string): SimPage {
  const page = sim.state.pages.get(pageId);
  if (!page) throw new ControlError(404, `Unknown page ${pageId}: register it first with POST /sim/pages`);
  return page;
}

export function requireCustomer(sim: SimContext, pageId: string, psid: string): SimCustomer {
  requirePage(sim, pageId);
  const customer = findCustomer(sim.state, pageId, psid);
  if (!customer) throw new ControlError(404, `Unknown customer ${psid} on page ${pageId}: create it first with POST /sim/customers`);
  return customer;
}

/** "/samples/sneaker.png" → "http://127.0.0.1:4010/samples/sneaker.png"; absolute URLs pass through. */
export function absoluteUrl(sim: SimContext, urlOrPath: string): string {
  return urlOrPath.startsWith("/") ? `${sim.publicUrl()}${urlOrPath}` : urlOrPath;
}
