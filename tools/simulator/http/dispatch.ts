import type { IncomingMessage, ServerResponse } from "node:http";
import type { SimContext } from "../context";
import { GraphApiError } from "../graph/graph-error";
import { handleGraphRequest } from "../graph/graph-routes";
import { ControlError } from "./errors";
import { sendJson } from "./respond";
import type { Router } from "./router";

// Every request: the control routes first, anything else is the Graph API. Errors become responses here
// and nowhere else: Graph errors in Meta's shape, control errors as {error:{message, issues?}}.

export async function dispatch(sim: SimContext, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://simulator.invalid");
  const method = req.method ?? "GET";
  const ctx = { req, res, url, params: {}, sim };
  try {
    const match = router.match(method, url.pathname);
    if (match === "method_not_allowed") throw new ControlError(405, `${method} is not supported on ${url.pathname}`);
    if (match) return await match.handler({ ...ctx, params: match.params });
    if (url.pathname.startsWith("/sim/")) throw new ControlError(404, `No simulator endpoint ${method} ${url.pathname} (see docs/SIMULATOR.md)`);
    recordGraphRequest(sim, method, req.url ?? "/", url);
    await handleGraphRequest(ctx);
  } catch (error) {
    respondWithError(sim, res, error, `${method} ${url.pathname}`);
  }
}

const MAX_RECORDED = 10_000;

/** The request log behind GET /sim/requests: the raw path as it arrived (before any dot-segment resolution). */
function recordGraphRequest(sim: SimContext, method: string, rawUrl: string, url: URL): void {
  const log = sim.state.graphRequests;
  log.push({ method, path: rawUrl.split("?")[0]!, params: [...new Set(url.searchParams.keys())], at: sim.now() });
  if (log.length > MAX_RECORDED) log.splice(0, log.length - MAX_RECORDED);
}

function respondWithError(sim: SimContext, res: ServerResponse, error: unknown, request: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof GraphApiError) {
    sim.log(`graph ${request} → ${error.httpStatus} (#${error.code}${error.subcode ? `/${error.subcode}` : ""}) ${error.message}`);
    sendJson(res, error.httpStatus, error.toBody(), error.headers);
  } else if (error instanceof ControlError) {
    sendJson(res, error.status, { error: { message: error.message, ...(error.issues ? { issues: error.issues } : {}) } });
  } else {
    sim.log(`internal error on ${request}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    sendJson(res, 500, { error: { message: "Internal simulator error (details in the simulator's log)" } });
  }
}
