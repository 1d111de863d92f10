import type { Redis } from "ioredis";
import { env } from "@/server/env";
import { createRedis } from "@/server/redis";
import { stopProfileLookups } from "@/server/services/inbound/profile-lookup";
import { processWebhookBatch } from "@/server/services/inbound/process-webhook";
import { webhookWakeChannel } from "@/server/services/inbound/webhook-wake";
import { logger } from "@/server/observability/log";

// The webhook ingest of the worker process: drains pending webhook_events in batches. The app server only
// stores and acknowledges (one INSERT); processing here keeps its cost off the event loop that answers
// Meta, gives it the machine's other core, and batches it: two round trips per batch (the claim with the
// pages and customers of the whole batch, then mark + commit) and one statement per message
// (server/services/inbound/process-webhook.ts).
//
// Woken through Redis by the app right after each acknowledging INSERT (milliseconds, no polling), with a
// slow poll as a safety net; it drains at start, so deliveries acknowledged while no worker ran are
// processed then.
// Several drains (workers, tests) may run at once: each batch claims its rows with FOR UPDATE SKIP LOCKED.

export type DrainOptions = {
  /** Deliveries per batch: what accumulated while earlier batches ran, up to this. */
  batchSize?: number;
  /** Batches in flight at once, so one slow first contact (profile lookup) does not hold up everyone else. */
  maxBatches?: number;
  /**
   * A batch starts beside running ones only once all of them have run this long. Normally one batch runs
   * and the next takes everything that arrived meanwhile: under load batches grow and the cost per message
   * falls (each batch pays 2 round trips, each message 1).
   */
  overlapAfterMs?: number;
  /** Safety-net poll, for a wake-up lost while Redis or the subscription was down (default WEBHOOK_POLL_MS). */
  pollMs?: number;
  log?: (line: string) => void;
  /** Given the wake-up subscription's connection, to watch it (the worker's readiness: workers/parts.ts). */
  onSubscriber?: (subscriber: Redis) => void;
};

export type WebhookDrain = {
  /** Resolves once the wake-up subscription is up (tests wait for it to prove wake-ups work). */
  subscribed: Promise<void>;
  stop: () => Promise<void>;
};

export function startWebhookDrain(options: DrainOptions = {}): WebhookDrain {
  const { batchSize = 50, maxBatches = 3, overlapAfterMs = 250, pollMs = env().WEBHOOK_POLL_MS, log = (line: string) => logger().info(line) } = options;
  let stopped = false;
  let wanted = true; // drain whatever is pending at start
  let claiming = false;
  const running = new Map<Promise<void>, number>(); // batch → when it started
  let recheck: NodeJS.Timeout | undefined;
  let subscriber: Redis | null = null;
  let subscribedNow: () => void = () => {};
  const subscribed = new Promise<void>((resolve) => (subscribedNow = resolve));

  /** 0 when a batch may start now; otherwise how long until it may (Infinity: when one finishes). */
  function waitBeforeNextBatch(): number {
    if (!running.size) return 0;
    if (running.size >= maxBatches) return Number.POSITIVE_INFINITY;
    return Math.max(0, Math.max(...running.values()) + overlapAfterMs - performance.now());
  }

  // One claim at a time, so batches are claimed (and their customers queued) in delivery order.
  async function pump(): Promise<void> {
    if (claiming || stopped) return;
    claiming = true;
    try {
      while (wanted && !stopped) {
        const wait = waitBeforeNextBatch();
        if (wait > 0) {
          if (Number.isFinite(wait) && !recheck) recheck = setTimeout(() => ((recheck = undefined), void pump()), wait + 1).unref();
          return;
        }
        wanted = false;
        const run = processWebhookBatch(batchSize);
        const done: Promise<void> = run.done
          .catch((error: Error) => log(`webhook batch failed, retried on the next wake-up: ${error.message}`))
          .finally(() => {
            running.delete(done);
            void pump();
          });
        running.set(done, performance.now());
        // A full batch means more are probably waiting.
        if ((await run.claimed) === batchSize) wanted = true;
      }
    } finally {
      claiming = false;
    }
  }

  function wake(): void {
    wanted = true;
    void pump();
  }

  // ioredis resubscribes by itself after a reconnect; each (re)subscription drains what came meanwhile.
  function subscribe(): void {
    subscriber = createRedis({ maxRetriesPerRequest: null });
    options.onSubscriber?.(subscriber);
    subscriber.on("message", wake);
    subscriber.on("error", (error: Error) => log(`webhook wake-up subscription: ${error.message}; polling every ${pollMs} ms meanwhile`));
    subscriber.on("ready", wake);
    subscriber
      .subscribe(webhookWakeChannel())
      .then(() => {
        subscribedNow();
        wake();
      })
      .catch((error: Error) => log(`webhook wake-up subscription failed: ${error.message}`));
  }

  const poll = setInterval(wake, pollMs);
  poll.unref();
  subscribe();
  void pump();
  log(`webhook ingest draining (batches of up to ${batchSize}; a second beside a batch running ${overlapAfterMs} ms, at most ${maxBatches})`);

  return {
    subscribed,
    // Stops taking batches and lets the running ones finish (their rows are marked or rolled back), and the
    // profile lookups of first contacts they started.
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(recheck);
      subscriber?.disconnect();
      while (running.size) await Promise.allSettled([...running.keys()]);
      await stopProfileLookups();
    },
  };
}
