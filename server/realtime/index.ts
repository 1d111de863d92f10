import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { actorFromToken, type Actor } from "@/server/auth/actor";
import { createRedis } from "@/server/redis";
import { registerRoomHandlers, userRoom } from "@/server/realtime/rooms";
import { registerPresenceHandlers } from "@/server/realtime/presence";

/** Live sockets one user may hold (tabs, devices); a new one beyond this ends their oldest. */
export const MAX_SOCKETS_PER_USER = 20;

// Socket.IO on the custom server. Each connection authenticates with the same bearer token as the API
// (`auth: { token }`); the Redis adapter lets several app instances share rooms.

export type AuthedSocket = Socket & { data: { actor: Actor } };

/** Socket.IO's path; server/lifecycle/upgrades.ts keeps these upgrades away from Next's router. */
export const REALTIME_PATH = "/socket.io";
/** Whether an HTTP request (an upgrade) is Socket.IO's: engine.io takes exactly the URLs under `${REALTIME_PATH}/`. */
export const isRealtimeUrl = (url: string | undefined) => Boolean(url?.startsWith(`${REALTIME_PATH}/`));

const globalForIo = globalThis as unknown as { switchboardIo?: Server };

export type Realtime = { io: Server; close: () => Promise<void> };

export function attachRealtime(httpServer: HttpServer): Realtime {
  const io = new Server(httpServer, { path: REALTIME_PATH, serveClient: false, cors: { origin: false } });
  const pub = createRedis({ maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  io.adapter(createAdapter(pub, sub));

  io.use(async (socket, next) => {
    try {
      const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : null;
      socket.data.actor = await actorFromToken(token);
      next();
    } catch {
      next(new Error("unauthorized"));
    }
  });
  io.on("connection", (socket) => {
    registerRoomHandlers(socket as AuthedSocket);
    registerPresenceHandlers(socket as AuthedSocket);
    void capUserSockets(io, socket as AuthedSocket).catch(() => {});
  });

  globalForIo.switchboardIo = io;
  return {
    io,
    // Closes the sockets and the HTTP server, then the adapter's Redis connections.
    close: () =>
      new Promise<void>((resolve) => {
        void io.close(() => {
          pub.disconnect();
          sub.disconnect();
          if (globalForIo.switchboardIo === io) globalForIo.switchboardIo = undefined;
          resolve();
        });
      }),
  };
}

/**
 * One token could otherwise open sockets without end (each one delivers every message again): keep the
 * user's newest MAX_SOCKETS_PER_USER, across every app instance (fetchSockets goes through the adapter).
 */
async function capUserSockets(io: Server, socket: AuthedSocket): Promise<void> {
  const sockets = await io.in(userRoom(socket.data.actor.id)).fetchSockets();
  if (sockets.length <= MAX_SOCKETS_PER_USER) return;
  const oldestFirst = [...sockets].sort((a, b) => a.handshake.issued - b.handshake.issued);
  for (const old of oldestFirst.slice(0, sockets.length - MAX_SOCKETS_PER_USER)) old.disconnect(true);
}

/** The running Socket.IO server, for services that emit; undefined outside the app server (e.g. scripts). */
export function io(): Server | undefined {
  return globalForIo.switchboardIo;
}
