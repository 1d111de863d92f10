import { sendJson } from "../http/respond";
import type { Router } from "../http/router";
import { nextId } from "../context";
import { GraphApiError } from "../graph/graph-error";
import { readInput } from "./lookup";
import { ZHoldAnswers, ZInjectAnswer, ZInjectError, ZLoseAnswers } from "./schemas";

// Make the next Send API calls (or, by `endpoint`, Conversations API reads, subscribed_apps writes or
// comment calls) fail the way Meta fails: POST a rule, and the next `count` calls that match its
// page/customer answer its Graph error instead. A lost answer is the ambiguous failure: the message is
// sent, but the connection drops before the answer. A held answer comes when the test says so: its echo
// can be handled first, as it sometimes is with Meta.

export function registerErrorInjectionRoutes(router: Router): void {
  // POST /sim/errors — queue a failure; the answer shows the exact error body the app will receive
  router.add("POST", "/sim/errors", async (ctx) => {
    const input = await readInput(ctx, ZInjectError);
    const rule = { id: nextId(ctx.sim), ...input, remaining: input.count };
    ctx.sim.state.errors.push(rule);
    const preview = new GraphApiError(rule.code, { subcode: rule.subcode, message: rule.message, httpStatus: rule.httpStatus });
    sendJson(ctx.res, 201, { ...rule, httpStatus: preview.httpStatus, response: preview.toBody() });
  });

  // POST /sim/answers — the next `count` matching reads answer this body verbatim (a hostile or broken Graph)
  router.add("POST", "/sim/answers", async (ctx) => {
    const input = await readInput(ctx, ZInjectAnswer);
    const rule = { id: nextId(ctx.sim), ...input, remaining: input.count };
    ctx.sim.state.answers.push(rule);
    sendJson(ctx.res, 201, { id: rule.id, endpoint: rule.endpoint, pageId: rule.pageId, psid: rule.psid, remaining: rule.remaining });
  });

  // GET /sim/errors — rules still waiting to fire
  router.add("GET", "/sim/errors", (ctx) => sendJson(ctx.res, 200, ctx.sim.state.errors));

  // DELETE /sim/errors — drop every queued failure
  router.add("DELETE", "/sim/errors", (ctx) => {
    const cleared = ctx.sim.state.errors.length + ctx.sim.state.lostAnswers.length + ctx.sim.state.answers.length + ctx.sim.state.holdAnswers.length;
    ctx.sim.state.errors.length = 0;
    ctx.sim.state.answers.length = 0;
    ctx.sim.state.lostAnswers.length = 0;
    ctx.sim.state.holdAnswers.length = 0;
    sendJson(ctx.res, 200, { cleared });
  });

  // POST /sim/lose-answers — the next `count` matching Send API calls send, then drop the connection
  router.add("POST", "/sim/lose-answers", async (ctx) => {
    const input = await readInput(ctx, ZLoseAnswers);
    const rule = { id: nextId(ctx.sim), ...input, remaining: input.count };
    ctx.sim.state.lostAnswers.push(rule);
    sendJson(ctx.res, 201, rule);
  });

  // POST /sim/hold-answers — the next `count` matching Send API calls are carried out, then wait to answer
  router.add("POST", "/sim/hold-answers", async (ctx) => {
    const input = await readInput(ctx, ZHoldAnswers);
    const rule = { id: nextId(ctx.sim), ...input, remaining: input.count };
    ctx.sim.state.holdAnswers.push(rule);
    sendJson(ctx.res, 201, rule);
  });

  // POST /sim/release-answers — every held call answers now (its held echo follows) → {released}
  router.add("POST", "/sim/release-answers", (ctx) => {
    const held = ctx.sim.state.heldAnswers.splice(0);
    for (const release of held) release();
    sendJson(ctx.res, 200, { released: held.length });
  });
}
