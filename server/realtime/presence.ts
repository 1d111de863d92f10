import { z } from "zod";
import { io } from "@/server/realtime/server";
import type { AuthedSocket } from "@/server/realtime/types";
import { conversationRoom } from "@/server/realtime/room-names";
import { redis } from "@/server/redis";
import { logger } from "@/server/observability/log";
import { fillBucket, spend, type Budget } from "@/server/realtime/budget";
import { CLIENT_EVENTS, SERVER_EVENTS, type Viewer } from "@/lib/contract/socket-events";

// Who is viewing an open conversation and who is typing a reply (collision detection, beyond the spec).
// Kept in Redis — one hash per conversation, a field per socket — so every app instance sees the same
// list; the `presence` event goes to the conversation's room through the Socket.IO adapter, so only
// sockets that were allowed to join that room (agents who may see the page, rooms.ts) receive it.
// A socket leaving or disconnecting is removed at once; one on an instance that died stops counting when
// its heartbeat (every PRESENCE_HEARTBEAT_MS) is PRESENCE_STALE_MS old.
//
// What one client can make this cost (issue 29: 600 `typing` emits reached another agent as 600 presence
// events in 0.41 s, three Redis commands each): typing and presence-ping spend the socket's presence budget
// (budget.ts); a typing state that did not change does nothing; the socket's state is written and the room
// told at most once per PRESENCE_BROADCAST_MS per conversation, across every app instance (a Redis key is
// the gate), the latest state winning and a change that came during the wait going out at its end.

export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_STALE_MS = 25_000;
/** At most one presence broadcast per conversation in this time, whatever the number of app instances. */
export const PRESENCE_BROADCAST_MS = 500;
/** typing and presence-ping together, per socket: the browser sends a ping every 10 s and a typing change every few seconds. */
export const PRESENCE_BUDGET: Budget = { burst: 10, perSecond: 2 };
const KEY_TTL_S = 60;

const key = (conversationId: string) => `switchboard:presence:${conversationId}`;
const gateKey = (conversationId: string) => `switchboard:presence-gate:${conversationId}`;
type Entry = { userId: string; name: string; typing: boolean; at: number };

const ZTyping = z.object({ room: z.string().min(1).max(100), typing: z.boolean() });
const ZPing = z.object({ room: z.string().min(1).max(100) });

/** The live viewers of a conversation, one per user (typing if any of their tabs is). */
export async function viewersOf(conversationId: string, now = Date.now()): Promise<Viewer[]> {
  const raw = await redis().hgetall(key(conversationId));
  const byUser = new Map<string, Viewer>();
  const stale: string[] = [];
  for (const [field, value] of Object.entries(raw)) {
    const entry = JSON.parse(value) as Entry;
    if (now - entry.at > PRESENCE_STALE_MS) {
      stale.push(field);
      continue;
    }
    const seen = byUser.get(entry.userId);
    byUser.set(entry.userId, { userId: entry.userId, name: entry.name, typing: entry.typing || Boolean(seen?.typing) });
  }
  if (stale.length) await redis().hdel(key(conversationId), ...stale);
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
}

async function broadcast(conversationId: string): Promise<void> {
  const viewers = await viewersOf(conversationId);
  io()?.to(conversationRoom(conversationId)).emit(SERVER_EVENTS.presence, { conversationId, viewers });
}

function entryOf(socket: AuthedSocket, now: number): string {
  const entry: Entry = { userId: socket.data.actor.id, name: socket.data.actor.name, typing: socket.data.typing, at: now };
  return JSON.stringify(entry);
}

async function put(socket: AuthedSocket, conversationId: string): Promise<void> {
  // Only while it watches it: a join, ping or typing for a conversation the socket is not in writes nothing.
  if (!socket.connected || watched(socket) !== conversationId) return;
  const now = Date.now();
  socket.data.presenceWrittenAt = now;
  await redis().multi().hset(key(conversationId), socket.id, entryOf(socket, now)).expire(key(conversationId), KEY_TTL_S).exec();
}

/** The conversation the socket watches (it may watch one at a time, rooms.ts), or null. */
function watched(socket: AuthedSocket): string | null {
  for (const room of socket.rooms) if (room.startsWith("conversation:")) return room.slice("conversation:".length);
  return null;
}

/**
 * Conversations of this process with a broadcast on its way, and the sockets whose typing state it will
 * write first. A conversation is here from the first change until its broadcast starts: changes in between
 * join it instead of asking for another.
 */
const pending = new Map<string, Set<AuthedSocket>>();

/** Tells the conversation's room who is there, soon: at once when the gate is open, else when it opens. */
function announce(conversationId: string, changed?: AuthedSocket): void {
  const waiting = pending.get(conversationId);
  if (waiting) {
    if (changed) waiting.add(changed);
    return;
  }
  const sockets = new Set<AuthedSocket>(changed ? [changed] : []);
  pending.set(conversationId, sockets);
  safely(flush(conversationId, sockets));
}

async function flush(conversationId: string, sockets: Set<AuthedSocket>): Promise<void> {
  try {
    // Another instance (or this one) broadcast less than PRESENCE_BROADCAST_MS ago: wait for the gate.
    for (let wait = await gateWait(conversationId); wait > 0; wait = await gateWait(conversationId)) {
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  } finally {
    pending.delete(conversationId);
  }
  // The latest state of each socket that changed, if it still watches this conversation: one that left or
  // disconnected meanwhile was already removed, and must not be written back.
  const now = Date.now();
  const fields: string[] = [];
  for (const socket of sockets) {
    if (!socket.connected || watched(socket) !== conversationId) continue;
    socket.data.presenceWrittenAt = now;
    fields.push(socket.id, entryOf(socket, now));
  }
  if (fields.length) await redis().multi().hset(key(conversationId), ...fields).expire(key(conversationId), KEY_TTL_S).exec();
  await broadcast(conversationId);
}

/** 0 when this caller may broadcast now (and the gate is closed behind it), else the ms until it opens. */
async function gateWait(conversationId: string): Promise<number> {
  if (await redis().set(gateKey(conversationId), "1", "PX", PRESENCE_BROADCAST_MS, "NX")) return 0;
  const left = await redis().pttl(gateKey(conversationId));
  // -2: the key expired between the two commands; try again at once (a 1 ms wait).
  return left > 0 ? left : 1;
}

/** rooms.ts calls this after a socket joined a conversation's room. */
export async function presenceJoined(socket: AuthedSocket, conversationId: string): Promise<void> {
  socket.data.typing = false;
  await put(socket, conversationId);
  announce(conversationId);
}

/** rooms.ts calls this after a socket left a conversation's room (or joined another). */
export async function presenceLeft(socket: AuthedSocket, conversationId: string): Promise<void> {
  socket.data.typing = false;
  await redis().hdel(key(conversationId), socket.id);
  announce(conversationId);
}

const safely = (work: Promise<void>) => void work.catch((error: Error) => logger().error(`presence: ${error.message}`));

// Shared by every socket (Socket.IO calls them with the socket as `this`), like the room handlers.

function onTyping(this: AuthedSocket, payload: unknown): void {
  if (!spend(this.data, "presence", PRESENCE_BUDGET)) return;
  const parsed = ZTyping.safeParse(payload);
  if (!parsed.success || watched(this) !== parsed.data.room) return;
  if (parsed.data.typing === this.data.typing) return;
  this.data.typing = parsed.data.typing;
  announce(parsed.data.room, this);
}

function onPresencePing(this: AuthedSocket, payload: unknown): void {
  if (!spend(this.data, "presence", PRESENCE_BUDGET)) return;
  const parsed = ZPing.safeParse(payload);
  if (!parsed.success || watched(this) !== parsed.data.room) return;
  // The entry was written recently (join, typing, an earlier ping): it is far from stale yet.
  if (Date.now() - this.data.presenceWrittenAt < PRESENCE_HEARTBEAT_MS / 2) return;
  safely(put(this, parsed.data.room));
}

// Rooms are already empty on "disconnect": read the watched room while it is still there.
function onDisconnecting(this: AuthedSocket): void {
  const conversationId = watched(this);
  if (conversationId) safely(presenceLeft(this, conversationId));
}

/** typing {room, typing} and presence-ping {room}: only for the conversation the socket is in. */
export function registerPresenceHandlers(socket: AuthedSocket): void {
  fillBucket(socket.data, "presence", PRESENCE_BUDGET);
  socket.data.typing = false;
  socket.data.presenceWrittenAt = 0;
  socket.on(CLIENT_EVENTS.typing, onTyping);
  socket.on(CLIENT_EVENTS.presencePing, onPresencePing);
  socket.on("disconnecting", onDisconnecting);
}
