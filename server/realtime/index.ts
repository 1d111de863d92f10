import type { Server as HttpServer, IncomingMessage } from "node:http";
import { Server } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import { createRedis, realtimeChannelKey } from "@/server/redis";
import { registerRoomHandlers } from "@/server/realtime/rooms";
import { sessionRoom, userRoom } from "@/server/realtime/room-names";
import { readToken } from "@/server/services/auth/token";
import { registerPresenceHandlers } from "@/server/realtime/presence";
import { registerCommentTypingHandlers } from "@/server/realtime/comment-typing";
import { registerOnline, startOnlineHeartbeat } from "@/server/realtime/online-sockets";
import { socketActorFromToken } from "@/server/realtime/lookups";
import { coalesceSocketWrites } from "@/server/realtime/coalesce-writes";
import { wireParser } from "@/server/realtime/wire-parser";
import { db } from "@/server/db";
import { SERVER_EVENTS, type ClientToServerEvents, type ServerToClientEvents } from "@/lib/contract/socket-events";
import { announceAfterReconnect, commandsAnswered } from "@/server/realtime/resync";
import type { AuthedSocket, RealtimeServer, SocketData } from "@/server/realtime/types";
import { publishIo, unpublishIo } from "@/server/realtime/server";

/** How long a new connection waits for the Redis adapter to be subscribed (attachRealtime). */
const ADAPTER_WAIT_MS = 10_000;

/** Live sockets one user may hold (tabs, devices); a new one beyond this ends their oldest. */
export const MAX_SOCKETS_PER_USER = 20;

// Socket.IO on the custom server. Each connection authenticates with the same bearer token as the API
// (`auth: { token }`); the Redis adapter lets several app instances share rooms.
//
// What a connection keeps is what one Page's 1 000 agents cost (issue #13: ≤ 30 MB): the actor's ids, name
// and role, its rooms, and Socket.IO's and ws's own state. Not the upgrade request (its headers, raw headers
// and streams), not the token, and no closures of ours (the handlers in rooms.ts and presence.ts are shared
// and read the socket from `this`). tests/integration/realtime-memory.test.ts fails if any of that comes back.

/** Socket.IO's path; server/lifecycle/upgrades.ts keeps these upgrades away from Next's router. */
export const REALTIME_PATH = "/socket.io";
/** Whether an HTTP request (an upgrade) is Socket.IO's: engine.io takes exactly the URLs under `${REALTIME_PATH}/`. */
export const isRealtimeUrl = (url: string | undefined) => Boolean(url?.startsWith(`${REALTIME_PATH}/`));

export type Realtime = { io: RealtimeServer; close: () => Promise<void> };

export function attachRealtime(httpServer: HttpServer): Realtime {
  const io: RealtimeServer = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: false },
    // engine.io's default, written down: a compressing socket holds a zlib deflate and an inflate context
    // for its whole life (~256 KB + ~40 KB at zlib's default window and memory level); our events are
    // small JSON. realtime-memory.test.ts checks that none is negotiated.
    perMessageDeflate: false,
    // The standard protocol; a payload the worker sent as JSON is spliced in, not parsed and re-encoded.
    parser: wireParser,
  });
  const pub = createRedis({ maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  // Channels of this deployment only: the worker's emitter uses the same key (server/realtime/emit.ts).
  io.adapter(createAdapter(pub, sub, { key: realtimeChannelKey() }));
  // A socket that joins its rooms before the adapter's SUBSCRIBEs took effect misses what is published
  // meanwhile, and the browser's refetch right after joining does not cover it: on an app just started
  // under load (a restart after SIGKILL, Meta's retries arriving all at once) that was seconds of messages.
  // So connections wait for them; a Redis that stays away lets sockets in after ADAPTER_WAIT_MS, and its
  // return announces a resync.
  const subscribed = commandsAnswered(sub, ADAPTER_WAIT_MS);
  io.use((_socket, next) => void subscribed.then(() => next()));
  // Its own sockets only: the other instances lost the same Redis and announce to theirs.
  const stopResync = announceAfterReconnect(sub, "the Socket.IO adapter", () => io.local.emit(SERVER_EVENTS.resync, { reason: "redis-reconnected" }));
  forgetUpgradeRequests(io);
  coalesceSocketWrites(io);

  io.use(async (socket, next) => {
    try {
      const auth = socket.handshake.auth as Record<string, unknown> | null | undefined;
      const token = typeof auth?.token === "string" ? auth.token : null;
      // The token proves who this is once; it is not kept (nor sent to other instances in fetchSockets replies).
      if (auth && typeof auth === "object") delete auth.token;
      const actor = await socketActorFromToken(token);
      const claims = token ? await readToken(token) : null;
      if (!actor || !claims) return next(new Error("unauthorized"));
      socket.data.actor = actor;
      socket.data.sessionId = claims.sessionId;
      // Signing out ends this session's sockets on every instance (server/services/auth/end-sessions.ts).
      await socket.join(sessionRoom(claims.sessionId));
      next();
    } catch {
      next(new Error("unauthorized"));
    }
  });
  io.on("connection", (socket) => {
    // A sign-out between the check above and now reached the session's room before this socket counted as
    // connected there, so it missed it: look once more, now that any later sign-out reaches it.
    void closeIfSignedOut(socket).catch(() => {});
    registerRoomHandlers(socket);
    registerPresenceHandlers(socket);
    registerCommentTypingHandlers(socket);
    registerOnline(socket);
    void capUserSockets(io, socket).catch(() => {});
  });

  const stopHeartbeat = startOnlineHeartbeat(io);
  publishIo(io);
  return {
    io,
    // Closes the sockets and the HTTP server, then the adapter's Redis connections. Services stop emitting
    // through this server at once (emitToRooms falls back to the Redis emitter), not only once it is closed.
    close: () =>
      new Promise<void>((resolve) => {
        unpublishIo(io);
        stopResync();
        stopHeartbeat();
        void io.close(() => {
          void Promise.all([closeGently(pub), closeGently(sub)]).then(() => resolve());
        });
      }),
  };
}

/**
 * QUIT, not a hard disconnect: commands already queued — the adapter's own SUBSCRIBEs, sent without a
 * handler, when the server stops right after it started — get their answers first instead of rejecting
 * unhandled ("Connection is closed"). Cut after 3 s when Redis does not answer.
 */
async function closeGently(client: Redis): Promise<void> {
  const cut = setTimeout(() => client.disconnect(), 3000);
  await client.quit().catch(() => {});
  clearTimeout(cut);
}

/**
 * Socket.IO keeps the HTTP request that opened each connection (`socket.request`), and engine.io's
 * WebSocketResponse keeps it too (its listener on the TCP socket's "close" lives as long as the connection):
 * headers, raw headers, streams and whatever else was attached to it. Nothing here reads it
 * after the handshake (the token comes in the CONNECT packet), so both references are dropped when the
 * engine.io session opens, as Socket.IO's memory-usage guide suggests for the first one. The handshake is
 * then built without headers, which we never read.
 */
function forgetUpgradeRequests(io: RealtimeServer): void {
  const responses = new WeakMap<IncomingMessage, { req: IncomingMessage | null }>();
  io.engine.use((req: IncomingMessage, res: { req: IncomingMessage | null }, next: () => void) => {
    responses.set(req, res);
    next();
  });
  io.engine.on("connection", (raw: { request: IncomingMessage | null; transport: { name: string } }) => {
    const res = raw.request && responses.get(raw.request);
    // Only engine.io's own stand-in for a WebSocket upgrade; a polling session's response is Node's.
    if (res && raw.transport.name === "websocket") res.req = null;
    raw.request = null;
  });
}

/**
 * One token could otherwise open sockets without end (each one delivers every message again): keep the
 * user's newest MAX_SOCKETS_PER_USER, across every app instance (fetchSockets goes through the adapter).
 */
async function capUserSockets(io: RealtimeServer, socket: AuthedSocket): Promise<void> {
  const sockets = await io.in(userRoom(socket.data.actor.id)).fetchSockets();
  if (sockets.length <= MAX_SOCKETS_PER_USER) return;
  const oldestFirst = [...sockets].sort((a, b) => a.handshake.issued - b.handshake.issued);
  for (const old of oldestFirst.slice(0, sockets.length - MAX_SOCKETS_PER_USER)) old.disconnect(true);
}

async function closeIfSignedOut(socket: AuthedSocket): Promise<void> {
  const open = await db.session.count({ where: { id: socket.data.sessionId } });
  if (!open) socket.disconnect(true);
}
