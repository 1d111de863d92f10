import { z } from "zod";
import { io } from "@/server/realtime/index";
import type { AuthedSocket } from "@/server/realtime/index";
import { conversationRoom } from "@/server/realtime/rooms";
import { redis } from "@/server/redis";

// Who is viewing an open conversation and who is typing a reply (collision detection, beyond the spec).
// Kept in Redis — one hash per conversation, a field per socket — so every app instance sees the same
// list; the `presence` event goes to the conversation's room through the Socket.IO adapter, so only
// sockets that were allowed to join that room (agents who may see the page, rooms.ts) receive it.
// A socket leaving or disconnecting is removed at once; one on an instance that died stops counting when
// its heartbeat (every PRESENCE_HEARTBEAT_MS) is PRESENCE_STALE_MS old.

export const PRESENCE_EVENT = "presence";
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_STALE_MS = 25_000;
const KEY_TTL_S = 60;

const key = (conversationId: string) => `switchboard:presence:${conversationId}`;
type Entry = { userId: string; name: string; typing: boolean; at: number };
export type Viewer = { userId: string; name: string; typing: boolean };

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
  io()?.to(conversationRoom(conversationId)).emit(PRESENCE_EVENT, { conversationId, viewers });
}

async function put(socket: AuthedSocket, conversationId: string, typing: boolean): Promise<void> {
  const entry: Entry = { userId: socket.data.actor.id, name: socket.data.actor.name, typing, at: Date.now() };
  await redis().multi().hset(key(conversationId), socket.id, JSON.stringify(entry)).expire(key(conversationId), KEY_TTL_S).exec();
}

/** The conversation the socket watches (it may watch one at a time, rooms.ts), or null. */
function watched(socket: AuthedSocket): string | null {
  for (const room of socket.rooms) if (room.startsWith("conversation:")) return room.slice("conversation:".length);
  return null;
}

/** rooms.ts calls this after a socket joined a conversation's room. */
export async function presenceJoined(socket: AuthedSocket, conversationId: string): Promise<void> {
  await put(socket, conversationId, false);
  await broadcast(conversationId);
}

/** rooms.ts calls this after a socket left a conversation's room (or joined another). */
export async function presenceLeft(socket: AuthedSocket, conversationId: string): Promise<void> {
  await redis().hdel(key(conversationId), socket.id);
  await broadcast(conversationId);
}

const safely = (work: Promise<void>) => void work.catch((error: Error) => console.error(`[switchboard] presence: ${error.message}`));

// Shared by every socket (Socket.IO calls them with the socket as `this`), like the room handlers.

function onTyping(this: AuthedSocket, payload: unknown): void {
  const parsed = ZTyping.safeParse(payload);
  if (!parsed.success || watched(this) !== parsed.data.room) return;
  const { room, typing } = parsed.data;
  safely(
    (async () => {
      await put(this, room, typing);
      await broadcast(room);
    })(),
  );
}

function onPresencePing(this: AuthedSocket, payload: unknown): void {
  const parsed = ZPing.safeParse(payload);
  if (!parsed.success || watched(this) !== parsed.data.room) return;
  const { room } = parsed.data;
  safely(
    (async () => {
      const current = await redis().hget(key(room), this.id);
      await put(this, room, current ? (JSON.parse(current) as Entry).typing : false);
    })(),
  );
}

// Rooms are already empty on "disconnect": read the watched room while it is still there.
function onDisconnecting(this: AuthedSocket): void {
  const conversationId = watched(this);
  if (conversationId) safely(presenceLeft(this, conversationId));
}

/** typing {room, typing} and presence-ping {room}: only for the conversation the socket is in. */
export function registerPresenceHandlers(socket: AuthedSocket): void {
  socket.on("typing", onTyping);
  socket.on("presence-ping", onPresencePing);
  socket.on("disconnecting", onDisconnecting);
}
