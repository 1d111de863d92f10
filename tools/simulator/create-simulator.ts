import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SimContext } from "./context";
import { registerAssetRoutes } from "./control/asset-routes";
import { registerCustomerEventRoutes } from "./control/customer-events";
import { registerCustomerMessageRoutes } from "./control/customer-messages";
import { registerErrorInjectionRoutes } from "./control/error-injection";
import { registerInspectionRoutes } from "./control/inspection";
import { registerPageAndCustomerRoutes } from "./control/pages-and-customers";
import { registerPageEventRoutes } from "./control/page-events";
import { registerMessageChangeRoutes } from "./control/message-changes";
import { registerHandoverControlRoutes } from "./control/handover-controls";
import { registerPostAndCommentRoutes } from "./control/posts-and-comments";
import { registerMentionRoutes } from "./control/mentions";
import { dispatch } from "./http/dispatch";
import { Router } from "./http/router";
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET, DEFAULT_VERIFY_TOKEN, settingsFrom, type SimulatorOptions, type SimulatorSettings } from "./options";
import { seedState } from "./seed";
import { createState, type SimulatorState } from "./state";
import { Tasks } from "./tasks";
import { registerUiRoutes } from "./ui/ui-routes";
import { createAgents, destroyAgents } from "./webhook/request";

// The Messenger simulator: one node:http server playing both sides of Meta, the Graph API our client
// calls and the webhook deliveries our app receives. State lives in memory.

export type Simulator = {
  /** Where the simulator listens, e.g. http://127.0.0.1:4010 (point GRAPH_API_URL here). */
  url: string;
  state: SimulatorState;
  /** Live settings; changing them takes effect at once (same as PATCH /sim/config). */
  settings: SimulatorSettings;
  /** Resolves when no echo, receipt or retry is pending: handy before asserting on webhooks. */
  whenIdle(): Promise<void>;
  /** Stops background work and the server; safe to call twice. */
  close(): Promise<void>;
};

function buildRouter(): Router {
  const router = new Router();
  registerUiRoutes(router);
  registerAssetRoutes(router);
  registerPageAndCustomerRoutes(router);
  registerCustomerMessageRoutes(router);
  registerPageEventRoutes(router);
  registerMessageChangeRoutes(router);
  registerCustomerEventRoutes(router);
  registerHandoverControlRoutes(router);
  registerPostAndCommentRoutes(router);
  registerMentionRoutes(router);
  registerErrorInjectionRoutes(router);
  registerInspectionRoutes(router);
  return router;
}

/**
 * Meta stamps distinct events with distinct milliseconds; two customer messages sent back to back must not
 * tie, or which one becomes the conversation's preview would depend on processing order.
 */
function strictlyIncreasingClock(): () => number {
  let last = 0;
  return () => (last = Math.max(Date.now(), last + 1));
}

export async function createSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? "127.0.0.1";
  let publicUrl = options.publicUrl?.replace(/\/+$/, "") ?? "";
  const tasks = new Tasks();
  const sim: SimContext = {
    state: createState(),
    settings: settingsFrom(options),
    tasks,
    agents: createAgents(),
    appSecret: options.appSecret ?? DEFAULT_APP_SECRET,
    appId: options.appId ?? DEFAULT_APP_ID,
    verifyToken: options.verifyToken ?? DEFAULT_VERIFY_TOKEN,
    publicUrl: () => publicUrl,
    now: options.now ?? strictlyIncreasingClock(),
    log: options.log ?? (() => {}),
  };
  seedState(sim, options);

  const router = buildRouter();
  const server = http.createServer((req, res) => void dispatch(sim, router, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const reachableHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  const url = `http://${reachableHost}:${port}`;
  publicUrl ||= url;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await tasks.close();
      destroyAgents(sim.agents);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    })());

  return { url, state: sim.state, settings: sim.settings, whenIdle: () => tasks.whenIdle(), close };
}
