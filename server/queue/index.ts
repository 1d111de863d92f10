import { Queue } from "bullmq";
import { createRedis } from "@/server/redis";

// Producers: one queue for all jobs; a fail-fast connection so an API call never hangs on a Redis outage.
export const QUEUE_NAME = "switchboard";

const globalForQueue = globalThis as unknown as { switchboardQueue?: Queue };

export function queue(): Queue {
  globalForQueue.switchboardQueue ??= new Queue(QUEUE_NAME, { connection: createRedis({ maxRetriesPerRequest: 1 }) });
  return globalForQueue.switchboardQueue;
}
