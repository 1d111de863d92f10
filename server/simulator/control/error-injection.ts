import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { nextId } from "../context";
import { GraphApiError } from "../graph/graph-error";
import { readInput } from "./lookup";
import { ZInjectError } from "./schemas";

// Make the next Send API calls fail the way Meta fails: POST a rule, and the next `count` calls that
// match its page/customer answer its Graph error instead of sending.

export function registerErrorInjectionRoutes(router: Router): void {
  // POST /sim/errors — queue a failure; the answer shows the exact error body the app will receive
  router.add("POST", "/sim/errors", async (ctx) => {
    const input = await readInput(ctx, ZInjectError);
    const rule = { id: nextId(ctx.sim), ...input, remaining: input.count };
    ctx.sim.state.errors.push(rule);
    const preview = new GraphApiError(rule.code, { subcode: rule.subcode, message: rule.message, httpStatus: rule.httpStatus });
    sendJson(ctx.res, 201, { ...rule, httpStatus: preview.httpStatus, response: preview.toBody() });
  });

  // GET /sim/errors — rules still waiting to fire
  router.add("GET", "/sim/errors", (ctx) => sendJson(ctx.res, 200, ctx.sim.state.errors));

  // DELETE /sim/errors — drop every queued failure
  router.add("DELETE", "/sim/errors", (ctx) => {
    const cleared = ctx.sim.state.errors.length;
    ctx.sim.state.errors.length = 0;
    sendJson(ctx.res, 200, { cleared });
  });
}
