import { createServer, type IncomingMessage, type Server } from "node:http";
import { isRealtimeUrl } from "@/server/realtime/index";

/**
 * WebSocket upgrades: Socket.IO's go to engine.io alone (it listens on `server` itself), every other one to
 * the returned server, which never listens and exists for Next: on the first request it handles, Next adds
 * an "upgrade" listener to its `httpServer` option (or, without one, to the server the request came in on)
 * for its dev HMR socket and WebSocket rewrites. Left on the real server, that listener ran Next's router
 * for every Socket.IO connection too, and what it leaves on the connection — an AbortController and its
 * signal, "close" and "error" listeners, its request metadata — stayed for the connection's life: memory
 * per agent socket (issue #13), and router work per connect.
 */
export function routeUpgrades(server: Server): Server {
  const nextUpgrades = createServer();
  server.on("upgrade", (req: IncomingMessage, socket, head: Buffer) => {
    if (!isRealtimeUrl(req.url)) nextUpgrades.emit("upgrade", req, socket, head);
  });
  return nextUpgrades;
}
