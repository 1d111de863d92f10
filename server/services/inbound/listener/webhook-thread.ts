import type { IncomingMessage, ServerResponse } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { serveDirect, serveRawBody } from "@/server/http/direct-route";
import { createAppHttpServer } from "@/server/http/early-answers";
import { settlePath } from "@/server/http/request-guard";
import { answerHandshake, receiveDelivery } from "@/server/http/webhook-delivery";
import { REQUEST_ID_HEADER, requestIdFrom, withRequestId } from "@/server/observability/request-context";
import { WEBHOOK_ROUTE, type ListenerMessage, type ThreadCommand, type WebhookThreadData } from "@/server/services/inbound/listener/webhook-listener";

// The webhook listener's thread (webhook-listener.ts starts it): its own event loop, so an acknowledgement
// never waits behind the main thread's socket fan-out and API reads. It serves only Meta's two calls and a
// liveness probe, with the same handlers as the main port.

const { port, host, keepAliveMs } = workerData as WebhookThreadData;
const KEEP_ALIVE_MS = keepAliveMs;
const send = (message: ListenerMessage) => parentPort!.postMessage(message);

/** Acknowledgement times, handed to the main thread's metrics once a second (one message, not one per request). */
let pending: [status: number, seconds: number][] = [];
const flush = setInterval(() => {
  if (!pending.length) return;
  send({ type: "acks", acks: pending });
  pending = [];
}, 1000).unref();

function dispatch(req: IncomingMessage, res: ServerResponse): void {
  // The same one spelling of a path as the main port: any spelling of the webhook gets its handler and its cap.
  const pathname = settlePath(req, res);
  if (pathname === null) return;
  if (pathname === WEBHOOK_ROUTE && req.method === "POST") {
    const started = performance.now();
    res.once("finish", () => pending.push([res.statusCode, (performance.now() - started) / 1000]));
    return void serveRawBody(req, res, (body) => receiveDelivery(body, headerValue(req.headers["x-hub-signature-256"])));
  }
  if (pathname === WEBHOOK_ROUTE && req.method === "GET") return void serveDirect(req, res, async (request) => answerHandshake(request));
  if (pathname === "/api/health/live" && req.method === "GET") return void res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"live"}');
  res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"not_found","message":"This port serves only the Messenger webhook"}');
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0]! : (value ?? null));

const server = createAppHttpServer((req, res) => {
  const requestId = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader("X-Request-Id", requestId);
  if (draining) res.setHeader("Connection", "close");
  withRequestId(requestId, () => dispatch(req, res));
});
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1_000;

let draining = false;
server.once("error", (error: NodeJS.ErrnoException) => send({ type: "failed", message: error.code === "EADDRINUSE" ? `port ${port} on ${host} is already in use (set WEBHOOK_PORT)` : error.message }));
server.listen(port, host, () => {
  const address = server.address();
  send({ type: "listening", port: typeof address === "object" && address ? address.port : port });
});

parentPort!.on("message", (command: ThreadCommand) => {
  if (command.type !== "stop") return;
  // In-flight acknowledgements run to their end (acknowledged = stored); idle keep-alive connections close.
  draining = true;
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.close(() => {
    clearInterval(sweep);
    clearInterval(flush);
    if (pending.length) send({ type: "acks", acks: pending });
    send({ type: "stopped" });
  });
});
