import type { Redis } from "ioredis";
import { redis } from "@/server/redis";

// Who is online (docs/PRODUCT.md §13.4): a user with a live socket on any app instance. One Redis hash per
// user, a field per socket holding its last heartbeat, so the worker (which has no Socket.IO) and every
// instance read the same answer. A socket is removed when it disconnects; one on an instance that died
// stops counting when its heartbeat is ONLINE_STALE_MS old (each instance beats for its own sockets).

export const ONLINE_HEARTBEAT_MS = 15_000;
export const ONLINE_STALE_MS = 40_000;
const KEY_TTL_S = 120;

const key = (userId: string) => `switchboard:online:${userId}`;

const fresh = (values: string[], now: number) => values.some((v) => now - Number(v) <= ONLINE_STALE_MS);

/**
 * Records a live socket of the user; true when the user was offline until now (no other fresh socket), so
 * the caller can hand them waiting conversations.
 */
export async function markOnline(userId: string, socketId: string, now = Date.now(), client: Redis = redis()): Promise<boolean> {
  const [[, before]] = (await client.multi().hvals(key(userId)).hset(key(userId), socketId, String(now)).expire(key(userId), KEY_TTL_S).exec()) as [[unknown, string[]]];
  return !fresh(before, now);
}

export async function markOffline(userId: string, socketId: string, client: Redis = redis()): Promise<void> {
  await client.hdel(key(userId), socketId);
}

/** One instance's heartbeat for its live sockets: one pipelined write per socket. */
export async function beat(sockets: { userId: string; socketId: string }[], now = Date.now(), client: Redis = redis()): Promise<void> {
  if (!sockets.length) return;
  const pipeline = client.pipeline();
  for (const s of sockets) pipeline.hset(key(s.userId), s.socketId, String(now)).expire(key(s.userId), KEY_TTL_S);
  await pipeline.exec();
}

/** The users among `userIds` with a fresh socket somewhere; one pipelined read. */
export async function onlineUserIds(userIds: string[], now = Date.now(), client: Redis = redis()): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const pipeline = client.pipeline();
  for (const id of userIds) pipeline.hvals(key(id));
  const answers = (await pipeline.exec()) ?? [];
  return new Set(userIds.filter((_, i) => {
    const [error, values] = answers[i] ?? [null, []];
    return !error && fresh(values as string[], now);
  }));
}
