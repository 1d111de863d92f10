import { Queue } from "bullmq";
import { createRedis } from "@/server/redis";

// Producers: one queue for all jobs; a fail-fast connection so an API call never hangs on a Redis outage.
// QUEUE_PREFIX (optional, letters/digits/-/_) names the queue "<prefix>-switchboard" so test runs and
// checkouts that share one Redis never take each other's jobs. Read once at load: the worker names its
// queue from this constant, so both sides must be started with the same value.
export function queueNameFor(prefix: string | undefined): string {
  if (!prefix) return "switchboard";
  if (!/^[\w-]{1,40}$/.test(prefix)) throw new Error(`QUEUE_PREFIX must be 1–40 letters, digits, "-" or "_" (got "${prefix}")`);
  return `${prefix}-switchboard`;
}

export const QUEUE_NAME = queueNameFor(process.env.QUEUE_PREFIX);

const globalForQueue = globalThis as unknown as { switchboardQueue?: Queue };

export function queue(): Queue {
  globalForQueue.switchboardQueue ??= new Queue(QUEUE_NAME, { connection: createRedis({ maxRetriesPerRequest: 1 }) });
  return globalForQueue.switchboardQueue;
}
