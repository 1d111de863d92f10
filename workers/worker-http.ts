import type { Server } from "node:http";
import { serveDirect } from "@/server/http/direct-route";
import { createAppHttpServer } from "@/server/http/early-answers";
import { listenOrExit } from "@/server/lifecycle/listen";
import { serveMetrics } from "@/server/observability/metrics-endpoint";
import { readiness } from "@/server/services/health";

// The worker's own small HTTP listener (WORKER_HTTP_PORT; off when unset): /live, /ready and /metrics
// (also under /api/health/live, /api/health/ready and /api/metrics, the app's paths, so one probe config
// fits both). Readiness is the app's (database, Redis, webhook backlog, not stopping) with the worker's own parts:
// the job runner and the webhook drain (workers/parts.ts).

const ROUTES: Record<string, (request: Request) => Promise<Response>> = {
  "/live": async () => Response.json({ status: "live" }),
  "/ready": async () => {
    const result = await readiness();
    return Response.json(result, { status: result.status === "ready" ? 200 : 503 });
  },
  "/metrics": serveMetrics,
};

export async function startWorkerHttp(port: number, host: string): Promise<Server> {
  const server = createAppHttpServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!.replace(/^\/api(\/health)?/, "");
    const route = req.method === "GET" ? ROUTES[path || "/"] : undefined;
    if (!route) return void res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"not_found"}');
    void serveDirect(req, res, route);
  });
  await listenOrExit(server, port, host);
  return server;
}
