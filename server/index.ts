import { createServer } from "node:http";
import next from "next";
import { loadEnvOrExit } from "@/server/env";
import { CLIENT_IP_HEADER } from "@/server/http/client-ip";
import { serveDirect } from "@/server/http/direct-route";
import { refuseMalformedRequest } from "@/server/http/request-guard";
import { applySecurityHeaders } from "@/server/http/security-headers";
import { attachRealtime } from "@/server/realtime/index";
import { POST as receiveWebhookDelivery } from "@/app/api/webhooks/messenger/route";

// The app process: Next.js and Socket.IO on one port.
const config = loadEnvOrExit();
const dev = !config.isProduction;

const app = next({ dev, hostname: "localhost", port: config.PORT });
await app.prepare();
const handle = app.getRequestHandler();

const server = createServer((req, res) => {
  // Overwrite, never trust: rate limits key on this (see server/http/client-ip.ts).
  req.headers[CLIENT_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
  applySecurityHeaders(req, res, config);
  if (refuseMalformedRequest(req, res)) return;
  // Meta's deliveries skip Next's router: the same route handler, called directly (see direct-route.ts).
  if (req.method === "POST" && req.url?.split("?")[0] === "/api/webhooks/messenger") return void serveDirect(req, res, (r) => receiveWebhookDelivery(r));
  void handle(req, res);
});
const realtime = attachRealtime(server);

// Webhook deliveries are stored and acknowledged here and processed by the worker (workers/webhooks/drain.ts),
// which also picks up whatever a crash or restart left pending.
server.listen(config.PORT, config.HOST, () => {
  console.log(`[switchboard] ready on ${config.APP_URL} (${dev ? "development" : "production"})`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[switchboard] ${signal}: closing`);
  void realtime.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
