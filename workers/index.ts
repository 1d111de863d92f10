import { Worker, type Job } from "bullmq";
import { loadEnvOrExit } from "@/server/env";
import { createRedis } from "@/server/redis";
import { QUEUE_NAME } from "@/server/queue/index";
import { findJob, jobs } from "@/workers/jobs/index";
import { startWebhookDrain } from "@/workers/webhooks/drain";
import { ensureDailyTokenCheck } from "@/server/queue/pages";

// The worker process: runs the jobs of the registry, each payload parsed by its schema first, and the
// webhook ingest (workers/webhooks/drain.ts: not a queue job, it drains the webhook_events table).
loadEnvOrExit();

async function processJob(job: Job): Promise<unknown> {
  const definition = findJob(job.name);
  if (!definition) throw new Error(`No job named "${job.name}" is registered`);
  const payload = definition.schema.parse(job.data);
  return definition.handle(payload, job);
}

// BullMQ needs maxRetriesPerRequest: null on worker connections so blocking commands survive reconnects.
const worker = new Worker(QUEUE_NAME, processJob, { connection: createRedis({ maxRetriesPerRequest: null }), concurrency: 4 });

worker.on("ready", () => console.log(`[switchboard] worker ready on queue "${QUEUE_NAME}" with ${jobs.length} job type(s)`));
worker.on("failed", (job, error) => console.error(`[switchboard] job ${job?.name}#${job?.id} failed:`, error.message));
worker.on("error", (error) => console.error("[switchboard] worker error:", error.message));

const webhookDrain = startWebhookDrain();

// Every page's token is re-checked once a day (server/services/page-connection/recheck-page-tokens.ts).
ensureDailyTokenCheck().catch((error: Error) => console.error("[switchboard] could not schedule the daily token check:", error.message));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[switchboard] worker ${signal}: finishing the current jobs`);
  await Promise.all([worker.close(), webhookDrain.stop()]);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
