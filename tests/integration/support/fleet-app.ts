import type { IncomingMessage, ServerResponse } from "node:http";
import { loadEnvOrExit } from "@/server/env";
import { serveDirect } from "@/server/http/direct-route";
import { runAppServer } from "@/server/lifecycle/app-server";
import { loadRoutePatterns, matchRoute } from "@/server/observability/route-patterns";
import type { RouteHandler } from "@/server/http/route";

// The app process for multi-process tests: server/index.ts exactly (runAppServer: start-up checks, request
// ids, metrics, Socket.IO, graceful stop), with the API route handlers called directly instead of through
// Next's router, which would need a production build or a dev compile per instance. Pages are not served.
const config = loadEnvOrExit();

await runAppServer(config, async () => {
  const patterns = loadRoutePatterns();
  const modules = new Map<string, Record<string, RouteHandler | undefined>>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const match = matchRoute(patterns, (req.url ?? "/").split("?")[0]!);
    if (!match) return void res.writeHead(404).end();
    if (!modules.has(match.route.dir)) modules.set(match.route.dir, await import(`${match.route.dir}/route.ts`));
    const handler = modules.get(match.route.dir)![req.method ?? "GET"];
    if (!handler) return void res.writeHead(405).end();
    await serveDirect(req, res, (request) => handler(request, { params: Promise.resolve(match.params) }));
  };
});
