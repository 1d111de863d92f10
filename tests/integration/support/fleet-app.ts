import type { IncomingMessage, ServerResponse } from "node:http";
import { loadEnvOrExit } from "@/server/env";
import { runAppServer } from "@/server/lifecycle/app-server";

// The app process for multi-process tests: server/index.ts exactly (runAppServer: start-up checks, request
// ids, metrics, the API's routes, Socket.IO, graceful stop), without Next, which would need a production
// build or a dev compile per instance. Pages are not served.
const config = loadEnvOrExit();

// Every /api path the router does not know gets Next's answer for it, a 404.
await runAppServer(config, async () => (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(404).end());
