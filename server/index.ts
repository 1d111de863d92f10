import next from "next";
import { loadEnvOrExit } from "@/server/env";
import { runAppServer } from "@/server/lifecycle/app-server";

// The app process: Next.js and Socket.IO on one port (start-up, request ids, metrics and the graceful stop
// are in server/lifecycle/app-server.ts). Webhook deliveries are stored and acknowledged here and
// processed by the worker (workers/inbound/drain.ts), which also picks up whatever a crash or restart
// left pending.
const config = loadEnvOrExit();

await runAppServer(config, async (upgrades) => {
  // Next adds its "upgrade" listener to `upgrades`, which gets every upgrade but Socket.IO's (lifecycle/upgrades.ts).
  const app = next({ dev: !config.isProduction, hostname: "localhost", port: config.PORT, httpServer: upgrades });
  await app.prepare();
  return app.getRequestHandler();
});
