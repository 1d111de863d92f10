import { Emitter } from "@socket.io/redis-emitter";
import type { Redis } from "ioredis";
import { io } from "@/server/realtime/server";
import { conversationRoom, PAGE_ROOM_PREFIX, pageRoom, userRoom } from "@/server/realtime/room-names";
import { appendToFeed } from "@/server/realtime/page-feed";
import type { ServerEventName, ServerEventPayload, ServerToClientEvents } from "@/lib/contract/socket-events";
import { createRedis, realtimeChannelKey } from "@/server/redis";
import { preEncoded } from "@/server/realtime/wire-parser";
import { keptPublisher } from "@/server/realtime/kept-publishes";
import { SERVER_EVENTS, type ResyncEvent } from "@/lib/contract/socket-events";
import { announceAfterReconnect } from "@/server/realtime/resync";

// Services announce through emitToRooms, from any process: in the app server through Socket.IO (and its
// Redis adapter to the other instances); in a process without Socket.IO (the worker) it publishes on the
// adapter's Redis channel with @socket.io/redis-emitter, so every app server delivers it to its sockets.
// There is no other way out: an emit that only called the app's Socket.IO server was dropped in the worker
// (issue 41: a snooze the worker woke never reached an agent). Event names and payloads are the contract's
// (lib/contract/socket-events.ts).

/** Page watchers and the open thread get it once each, even a socket in both rooms. */
export function emitToPageAndConversation<E extends ServerEventName>(pageId: string, conversationId: string, event: E, payload: ServerEventPayload<E>): void {
  emitToRooms([pageRoom(pageId), conversationRoom(conversationId)], event, payload);
}

/** Ends a user's live sockets (ban, deletion, signing out everywhere); their token is already refused on the next request. */
export function disconnectUser(userId: string): void {
  disconnectRoom(userRoom(userId));
}

/**
 * Ends every socket in the room on every app instance (the adapter, or the emitter outside the app server).
 * A disconnected client that reconnects is checked again, as on its first connect.
 */
export function disconnectRoom(room: string): void {
  const server = io();
  if (server) server.in(room).disconnectSockets(true);
  else emitter().in(room).disconnectSockets(true);
}

/**
 * To rooms from any process: Socket.IO where it runs, else through Redis to every app server. An event to
 * one Page's room is numbered in the Page's feed first (page-feed.ts), so a browser notices one it missed;
 * this process's events for a Page go out in the order of their numbers. `once` names an event that must go
 * out once even if announced again (a stored message, announced again by a replayed batch): the second
 * time it is not sent, unless Redis could not tell.
 */
export function emitToRooms<E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>, once?: string): void {
  const pages = rooms.filter((room) => room.startsWith(PAGE_ROOM_PREFIX));
  if (pages.length !== 1) return send(rooms, event, payload);
  void appendToFeed(pages[0]!.slice(PAGE_ROOM_PREFIX.length), event, payload, once).then((feed) => {
    if (feed !== "sent before") send(rooms, event, feed ? { ...payload, feed } : payload);
  });
}

function send<E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>): void {
  const server = io();
  if (server) server.to(rooms).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
  else publishToRooms(rooms, event, payload);
}

const globalForEmitter = globalThis as unknown as { switchboardEmitter?: { emitter: Emitter; redis: Redis } };

/**
 * Always through Redis (what the worker does); a socket in several of the rooms gets it once. Best effort
 * like every emit: the emitter does not await its PUBLISH, so its client here logs a failure instead of
 * leaving an unhandled rejection that would end the process.
 */
export function publishToRooms<E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>): void {
  // JSON already, as the socket will carry it (Dates become strings on either path): the app servers
  // splice it into the packet instead of decoding and encoding it again (wire-parser.ts).
  emitter().to(rooms).emit(event, preEncoded(payload));
}

/**
 * Every socket on every app server refetches what it shows (lib/hooks/use-socket.ts). A worker says so when
 * it starts: one killed with SIGKILL may have stored messages whose events it never published, and the
 * sockets, connected to an app that stayed up, would otherwise never see them live or refetched.
 */
export function announceResync(reason: ResyncEvent["reason"]): void {
  emitter().emit(SERVER_EVENTS.resync, preEncoded({ reason }));
}

function emitter(): Emitter {
  if (!globalForEmitter.switchboardEmitter) {
    // Auto-pipelining: the PUBLISHes of one tick (a batch's new-messages) share one write, in order.
    const redis = createRedis({ maxRetriesPerRequest: 1, enableAutoPipelining: true });
    const kept = keptPublisher(redis);
    const emitter = new Emitter({ publish: kept.publish }, { key: realtimeChannelKey() });
    // While Redis was away nothing this process announced went out. Once it is back: every socket refetches
    // (resync), and what was kept is sent after all, late but live, so the agents see those messages arrive
    // rather than only in a refetch (issue 41: 12–297 messages per Redis restart were never live).
    announceAfterReconnect(redis, "the realtime emitter", () => {
      kept.reconnected();
      announceResync("redis-reconnected");
    });
    globalForEmitter.switchboardEmitter = { redis, emitter };
  }
  return globalForEmitter.switchboardEmitter.emitter;
}
