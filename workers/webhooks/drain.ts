import pg from "pg";
import { env } from "@/server/env";
import { processWebhookBatch } from "@/server/services/messenger/process-webhook";
import { WEBHOOK_CHANNEL } from "@/server/services/messenger/webhook-store";

// The webhook ingest of the worker process: drains pending webhook_events in batches. The app server only
// stores and acknowledges (one INSERT); processing here keeps its cost off the event loop that answers
// Meta, gives it the machine's other core, and batches it: one claim, one page read and one customer read
// per batch, one statement per message (server/services/messenger/process-webhook.ts).
//
// Woken by Postgres NOTIFY from the acknowledging INSERT (milliseconds, no polling), with a slow poll as a
// safety net; it drains at start, so deliveries acknowledged while no worker ran are processed then.
// Several drains (workers, tests) may run at once: each batch claims its rows with FOR UPDATE SKIP LOCKED.

export type DrainOptions = {
  /** Deliveries per batch: what accumulated while earlier batches ran, up to this. */
  batchSize?: number;
  /** Batches in flight at once, so one slow first contact (profile lookup) does not hold up everyone else. */
  maxBatches?: number;
  /**
   * A batch starts beside running ones only once all of them have run this long. Normally one batch runs
   * and the next takes everything that arrived meanwhile: under load batches grow and the cost per message
   * falls (each batch pays ~5 statements, each message ~1).
   */
  overlapAfterMs?: number;
  /** Safety-net poll, for a notification missed while the listening connection was down. */
  pollMs?: number;
  log?: (line: string) => void;
};

export type WebhookDrain = {
  /** Resolves once the listening connection is up (tests wait for it to prove NOTIFY wakes the drain). */
  listening: Promise<void>;
  stop: () => Promise<void>;
};

const RECONNECT_MS = 1_000;

export function startWebhookDrain(options: DrainOptions = {}): WebhookDrain {
  const { batchSize = 50, maxBatches = 3, overlapAfterMs = 250, pollMs = 2_000, log = (line: string) => console.log(`[switchboard] ${line}`) } = options;
  let stopped = false;
  let wanted = true; // drain whatever is pending at start
  let claiming = false;
  const running = new Map<Promise<void>, number>(); // batch → when it started
  let recheck: NodeJS.Timeout | undefined;
  let listener: pg.Client | null = null;
  let listeningNow: () => void = () => {};
  const listening = new Promise<void>((resolve) => (listeningNow = resolve));

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

  async function listen(): Promise<void> {
    while (!stopped) {
      const client = new pg.Client({ connectionString: env().DATABASE_URL });
      const closed = new Promise<void>((resolve) => {
        client.on("error", (error) => {
          log(`webhook listener lost its connection (${error.message}); polling every ${pollMs} ms until it is back`);
          resolve();
        });
        client.on("end", () => resolve());
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${WEBHOOK_CHANNEL}`);
        client.on("notification", wake);
        listener = client;
        listeningNow();
        wake(); // anything stored while nobody listened
        await closed;
      } catch (error) {
        log(`webhook listener could not connect (${(error as Error).message}); polling every ${pollMs} ms`);
      }
      listener = null;
      await client.end().catch(() => {});
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS).unref());
    }
  }

  const poll = setInterval(wake, pollMs);
  poll.unref();
  void listen();
  void pump();
  log(`webhook ingest draining (batches of up to ${batchSize}; a second beside a batch running ${overlapAfterMs} ms, at most ${maxBatches})`);

  return {
    listening,
    // Stops taking batches and lets the running ones finish (their rows are marked or rolled back).
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(recheck);
      await listener?.end().catch(() => {});
      while (running.size) await Promise.allSettled([...running.keys()]);
    },
  };
}
