import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AppEnv } from "@/server/env";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { createApiRouter } from "@/server/http/api-router";
import { serveRawBody } from "@/server/http/direct-route";
import { createAppHttpServer } from "@/server/http/early-answers";
import { settlePath } from "@/server/http/request-guard";
import { receiveDelivery } from "@/server/http/webhook-delivery";
import { applySecurityHeaders } from "@/server/http/security-headers";
import { waitForDependencies } from "@/server/lifecycle/dependencies";
import { listenOrExit } from "@/server/lifecycle/listen";
import { exitWithError } from "@/server/lifecycle/exit";
import { onStopSignals, sleep } from "@/server/lifecycle/signals";
import { isDraining } from "@/server/lifecycle/state";
import { WEBHOOK_ROUTE } from "@/server/services/inbound/listener/webhook-listener";
import { superviseWebhookListener } from "@/server/services/inbound/listener/supervise-listener";
import { logger, routeConsoleToLogger } from "@/server/observability/log";
import { metrics } from "@/server/observability/metrics";
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from "@/server/observability/request-context";
import { loadRoutePatterns, routeLabel } from "@/server/http/route-patterns";
import { attachRealtime, type Realtime } from "@/server/realtime/index";
import { routeUpgrades } from "@/server/lifecycle/upgrades";

const KEEP_ALIVE_MS = 65_000;

// The app process around a request handler (Next's, in server/index.ts, for the pages): start-up checks,
// request ids, HTTP metrics, the API's routes, Socket.IO, and the graceful stop. Start-up order: config
// (by the caller), Postgres and Redis reachable, the webhook port (WEBHOOK_PORT, when set) then the main
// port bound (exit at once when taken), then the handler prepared; page requests that arrive meanwhile
// wait for it, the API's do not.

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0]! : (value ?? null));

/**
 * `prepareHandler` gets the server Next must take as its `httpServer` (the upgrades that are not Socket.IO's,
 * server/lifecycle/upgrades.ts); a handler that is not Next's ignores it.
 */
export async function runAppServer(
  config: AppEnv,
  prepareHandler: (upgrades: Server) => Promise<RequestHandler>,
): Promise<{ server: Server; realtime: Realtime; webhookPort: number | null }> {
  routeConsoleToLogger();
  await waitForDependencies(config);
  const { server, api, handlerReady } = createAppServer(config);
  const realtime = attachRealtime(server);
  const nextUpgrades = routeUpgrades(server);
  // The webhook port first: once the main port answers, both do (probes and balancers look at the main one).
  const webhooks =
    config.WEBHOOK_PORT === undefined
      ? null
      : await superviseWebhookListener({ port: config.WEBHOOK_PORT, host: config.HOST, keepAliveMs: KEEP_ALIVE_MS }).catch((error: Error) => exitWithError(`webhook listener: ${error.message}`));
  await listenOrExit(server, config.PORT, config.HOST);
  const [handle] = await Promise.all([prepareHandler(nextUpgrades), api.preload()]);
  handlerReady(handle);
  logger().info(
    `ready on ${config.APP_URL} (${config.isProduction ? "production" : "development"}), listening on ${config.HOST}:${config.PORT}` +
      (webhooks ? `; Messenger webhook also on ${config.HOST}:${webhooks.port} (WEBHOOK_PORT)` : ""),
  );

  onStopSignals(async () => {
    // 1. No new connections; idle keep-alive ones closed; in-flight requests (webhook acks) run to the end.
    const allClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    // 2. Sockets: closing the transport (not a "server disconnect") makes clients reconnect by themselves,
    //    through the balancer to an instance that is still running.
    // 3. Whatever is still open at the deadline is cut.
    await Promise.race([Promise.all([realtime.close(), allClosed, webhooks?.stop()]), sleep(config.SHUTDOWN_TIMEOUT_SECONDS * 1000)]);
    clearInterval(idleSweep);
    server.closeAllConnections();
  }, config.SHUTDOWN_TIMEOUT_SECONDS);
  return { server, realtime, webhookPort: webhooks?.port ?? null };
}

/**
 * The app's HTTP server before it listens: each request's way through the process (request id, security
 * headers, the path settled once, metrics, then the webhook POST on its received bytes, the API's routes
 * through server/http/api-router.ts, or the handler). In production and in `npm run dev` alike: one request
 * path, one set of limits (issue 28, "One house again"); Next serves only the pages. `handlerReady` hands
 * it that handler; page requests wait for it.
 */
export function createAppServer(config: AppEnv) {
  const patterns = loadRoutePatterns();
  const api = createApiRouter(patterns);
  // Requests that arrive while the handler is being prepared wait for it.
  let handlerReady: (handle: RequestHandler) => void = () => {};
  const handler = new Promise<RequestHandler>((resolve) => (handlerReady = resolve));

  function dispatch(req: IncomingMessage, res: ServerResponse, pathname: string): void {
    if (req.method === "POST" && pathname === WEBHOOK_ROUTE) {
      return void serveRawBody(req, res, (body) => receiveDelivery(body, headerValue(req.headers["x-hub-signature-256"])));
    }
    if (pathname.startsWith("/api/") && api.serve(req, res, pathname)) return;
    void handler.then((handle) => handle(req, res));
  }

  const server = createAppHttpServer((req, res) => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    // While stopping, each answer closes its connection so keep-alive clients move to another instance.
    if (isDraining()) res.setHeader("Connection", "close");
    // Overwrite, never trust: rate limits key on this (see server/http/client-ip.ts).
    req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    applySecurityHeaders(req, res, config);
    let pathname = (req.url ?? "/").split("?")[0]!;
    res.once("finish", () => {
      const route = routeLabel(patterns, pathname);
      const seconds = (performance.now() - started) / 1000;
      metrics().httpDuration.observe({ method: req.method ?? "?", route, status: String(res.statusCode) }, seconds);
      if (route === WEBHOOK_ROUTE && req.method === "POST") metrics().webhookAck.observe({ status: String(res.statusCode) }, seconds);
    });
    // Routing, the limits that depend on the route and the metrics label all read this one path.
    const settled = settlePath(req, res);
    if (settled === null) return; // answered: a malformed path
    pathname = settled;
    withRequestId(requestId, () => dispatch(req, res, settled));
  });
  // Keep-alive connections outlive a balancer's idle timeout (nginx 60 s, most cloud balancers 60 s) and a
  // webhook sender's pause: with Node's default 5 s, a client reusing a connection the server is closing at
  // that instant gets ECONNRESET — measured as unacknowledged webhooks in the load benchmark (Meta retries
  // them, but every such retry is a late message). headersTimeout must stay above it.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return { server, api, handlerReady };
}
