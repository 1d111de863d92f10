import { redis } from "@/server/redis";
import { AppError } from "@/server/http/errors";

// Fixed-window counters in Redis: shared by every app instance, gone after the window.

export type Limit = { key: string; max: number; windowSeconds: number; message: string };

/** Counts one hit against each limit; throws 429 with Retry-After when any is exceeded. */
export async function enforceRateLimits(limits: Limit[]): Promise<void> {
  const pipeline = redis().multi();
  for (const limit of limits) {
    const key = `ratelimit:${limit.key}`;
    pipeline.incr(key).expire(key, limit.windowSeconds, "NX").ttl(key);
  }
  const replies = (await pipeline.exec()) ?? [];
  limits.forEach((limit, i) => {
    const count = Number(replies[i * 3]?.[1] ?? 0);
    const ttl = Number(replies[i * 3 + 2]?.[1] ?? limit.windowSeconds);
    if (count > limit.max) {
      throw new AppError("rate_limited", limit.message, {}, { "Retry-After": String(Math.max(ttl, 1)) });
    }
  });
}
