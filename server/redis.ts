import "server-only";
import { Redis, type RedisOptions } from "ioredis";
import { env } from "@/server/env";

// Request-path Redis: fail fast instead of queueing commands while Redis is down (docs/ARCHITECTURE.md).
// Workers make their own connections with maxRetriesPerRequest: null, as BullMQ requires.
const globalForRedis = globalThis as unknown as { switchboardRedis?: Redis };

export function createRedis(options: RedisOptions = {}): Redis {
  return new Redis(env().REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, ...options });
}

export function redis(): Redis {
  globalForRedis.switchboardRedis ??= createRedis();
  return globalForRedis.switchboardRedis;
}

/**
 * What names this deployment's pub/sub channels. Pub/sub ignores the Redis db number, so environments that
 * share one Redis (a developer's and the tests', two test workers, the bench) would hear each other's
 * broadcasts and wake-ups; the database the rows live in tells them apart, and every process of one
 * deployment (app instances, workers) has the same. Only characters that mean nothing in a PSUBSCRIBE
 * pattern or Socket.IO's `#`-separated channel names.
 */
export function pubSubScope(): string {
  return decodeURIComponent(new URL(env().DATABASE_URL).pathname.slice(1)).replace(/[^A-Za-z0-9_-]/g, "_");
}

/** The Socket.IO Redis adapter's and emitter's channel prefix (their `key` option; Socket.IO's own default is "socket.io"). */
export const realtimeChannelKey = () => `socket.io:${pubSubScope()}`;
