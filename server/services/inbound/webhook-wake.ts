import { pubSubScope, redis } from "@/server/redis";
import { logger } from "@/server/observability/log";

// The app tells the worker "a delivery is waiting" with a Redis PUBLISH after the acknowledging INSERT.
// Not Postgres NOTIFY inside that INSERT: a notifying transaction holds a database-wide lock until its
// commit is flushed, so every ack's commit would queue behind the others'. A wake-up lost to a Redis
// outage is caught by the worker's poll (workers/inbound/drain.ts).

/** Redis channel on which the app says "a delivery is waiting" to the worker; one per deployment (pubSubScope). */
export function webhookWakeChannel(): string {
  return `switchboard:webhook-events:${pubSubScope()}`;
}
/** Computed on first use: DATABASE_URL does not change while the process runs. */
let wakeChannel: string | undefined;

/**
 * Wake-ups are coalesced: the first delivery after a quiet moment wakes the worker at once, later ones
 * within this window share one wake-up at its end (always after their INSERTs). A busy worker claims
 * everything pending anyway, and each PUBLISH costs the app ~0.3 ms of CPU in a socket write.
 */
const WAKE_WINDOW_MS = 10;
let lastWake = 0;
let trailingWake: NodeJS.Timeout | undefined;

const WAKE_WARNING_EVERY_MS = 10_000;
let lastWakeWarning = 0;

/** Called after a delivery's INSERT committed; never throws, never waits. */
export function wakeWorker(): void {
  const sinceLast = Date.now() - lastWake;
  if (sinceLast >= WAKE_WINDOW_MS) return publishWake();
  trailingWake ??= setTimeout(() => {
    trailingWake = undefined;
    publishWake();
  }, WAKE_WINDOW_MS - sinceLast);
}

function publishWake(): void {
  lastWake = Date.now();
  redis()
    .publish((wakeChannel ??= webhookWakeChannel()), "")
    .catch((error: Error) => {
      if (Date.now() - lastWakeWarning < WAKE_WARNING_EVERY_MS) return;
      lastWakeWarning = Date.now();
      logger().warn(`webhook wake-up not sent (${error.message}); the worker's poll picks deliveries up meanwhile`);
    });
}

