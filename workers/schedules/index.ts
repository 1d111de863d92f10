import type { Redis } from "ioredis";
import { logger } from "@/server/observability/log";
import { sleep } from "@/server/lifecycle/signals";
import { ensureDailyTokenCheck } from "@/server/services/pages/queue";
import { ensureOffersWatchdog } from "@/server/services/offers/queue";
import { db } from "@/server/db";
import { ensureWebhookRetention } from "@/workers/schedules/webhooks";
import { ensureStaleSendSweep } from "@/workers/schedules/stale-sends";
import { ensureSnoozeSweep } from "@/workers/schedules/snooze-expiry";
import { ensureBreachSweep } from "@/workers/schedules/breach-email";
import { ensureUploadRetention } from "@/workers/schedules/uploads";
import { ensureDatabaseUpkeep } from "@/workers/schedules/database-upkeep";
import { ensureAuditRetention } from "@/workers/schedules/audit";

// The worker's job schedulers, all in one place. BullMQ keeps a scheduler only in Redis: a Redis that
// restarts without its data (no volume, a failover to a replica that lagged) forgets every one of them and
// nothing runs again — no stale-send sweep, no snooze wake, no retention — until a worker restarts. So the
// worker upserts them on start and again each time its Redis connection is ready after a loss (issue 30).
// Upserting is idempotent: one scheduler per id however many workers run and however often they do it.

const SCHEDULES: { what: string; ensure: () => Promise<void> }[] = [
  // Every page's token is re-checked once a day (workers/pages/recheck-page-tokens.ts).
  { what: "the daily token check", ensure: ensureDailyTokenCheck },
  // Processed webhook deliveries older than WEBHOOK_RETENTION_DAYS are deleted hourly (workers/jobs/webhook-retention.ts).
  { what: "the webhook retention", ensure: ensureWebhookRetention },
  { what: "the sweep of stale sends", ensure: ensureStaleSendSweep },
  { what: "the snooze sweep", ensure: ensureSnoozeSweep },
  // Missed response targets e-mailed to the company admins (workers/jobs/breach-email.ts).
  { what: "the response target e-mails", ensure: ensureBreachSweep },
  // Uploads never used in a message or an offer are deleted after UPLOAD_RETENTION_DAYS (workers/jobs/upload-retention.ts).
  { what: "the upload retention", ensure: ensureUploadRetention },
  // Audit entries are kept a year (workers/jobs/audit-retention.ts).
  { what: "the audit log retention", ensure: ensureAuditRetention },
  // ANALYZE and, while autovacuum is off, VACUUM, as autovacuum would (workers/database/upkeep.ts).
  { what: "the database upkeep", ensure: ensureDatabaseUpkeep },
  // Only while an offer is active (it removes itself when none is, workers/offers/watchdog.ts): after a
  // Redis restart it re-queues a running offer, whose lease and job Redis forgot.
  { what: "the offers watchdog", ensure: ensureOffersWatchdogIfActive },
];

async function ensureOffersWatchdogIfActive(): Promise<void> {
  if (await db.offer.count({ where: { status: { in: ["scheduled", "running"] } } })) await ensureOffersWatchdog();
}

/** Upserts every scheduler; true when all were written. A failure is logged, not thrown. */
export async function ensureSchedules(): Promise<boolean> {
  const results = await Promise.all(
    SCHEDULES.map(({ what, ensure }) =>
      ensure().then(
        () => true,
        (error: Error) => (logger().error(`could not schedule ${what}: ${error.message}`), false),
      ),
    ),
  );
  return results.every(Boolean);
}

/** Attempts after a reconnect: the queue's own connection may come back a moment after the one watched. */
const RETRIES_MS = [0, 1_000, 2_000, 4_000, 8_000, 15_000];

/**
 * Upserts the schedulers now, and again whenever `connection` (the worker's own Redis connection) is ready
 * after having been lost. Returns a function that stops watching.
 */
export function keepSchedules(connection: Redis): () => void {
  let lost = false;
  // One upsert run at a time; a reconnect during a run queues another (the run may have written to the old Redis).
  let runs: Promise<void> = Promise.resolve();
  const again = async () => {
    for (const wait of RETRIES_MS) {
      await sleep(wait);
      if (await ensureSchedules()) return logger().info("Redis is back: job schedulers registered again");
    }
    logger().error("Redis is back but the job schedulers could not be registered; they run again after a worker restart");
  };
  const onLost = () => void (lost = true);
  const onReady = () => {
    if (!lost) return;
    lost = false;
    runs = runs.then(again);
  };
  connection.on("close", onLost);
  connection.on("ready", onReady);
  void ensureSchedules();
  return () => {
    connection.off("close", onLost);
    connection.off("ready", onReady);
  };
}
