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
