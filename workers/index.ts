import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { Worker, type Job } from "bullmq";
import { loadEnvOrExit } from "@/server/env";
import { waitForDependencies } from "@/server/lifecycle/dependencies";
import { onStopSignals, sleep } from "@/server/lifecycle/signals";
import { startWorkerHttp } from "@/workers/worker-http";
import { logger, routeConsoleToLogger } from "@/server/observability/log";
import { metrics, startTimer } from "@/server/observability/metrics";
import { withRequestId } from "@/server/observability/request-context";
import { createRedis } from "@/server/redis";
import { QUEUE_NAME } from "@/server/queue/index";
import { findJob, jobs } from "@/workers/jobs/index";
import { startWebhookDrain } from "@/workers/inbound/drain";
import { watchJobRunner, watchWakeUps } from "@/workers/parts";
import { keepSchedules } from "@/workers/schedules/index";
import { announceResync } from "@/server/realtime/emit";

// The worker process: runs the jobs of the registry, each payload parsed by its schema first, and the
// webhook ingest (workers/inbound/drain.ts: not a queue job, it drains the webhook_events table). Any
// number of workers may run against one Postgres and Redis: BullMQ hands each job to one of them, the
// drain claims rows with SKIP LOCKED, and an offer's lease and per-Page rate live in Redis.
process.env.SWITCHBOARD_PROCESS ??= "worker";
const config = loadEnvOrExit();
routeConsoleToLogger();
await waitForDependencies(config);

async function processJob(job: Job): Promise<unknown> {
  const definition = findJob(job.name);
  if (!definition) throw new Error(`No job named "${job.name}" is registered`);
  // The request that queued the job (server/services/offers/queue.ts) names the job's log lines too.
  const requestId = typeof job.data?.requestId === "string" ? job.data.requestId : `job-${job.id}`;
  const done = startTimer(metrics().jobDuration);
  return withRequestId(requestId, async () => {
    try {
      const result = await definition.handle(definition.schema.parse(job.data), job);
      done({ job: job.name, outcome: "completed" });
      return result;
    } catch (error) {
      done({ job: job.name, outcome: "failed" });
      throw error;
    }
  });
}

// BullMQ needs maxRetriesPerRequest: null on worker connections so blocking commands survive reconnects.
// Its name (host:pid) is stored on each job it takes (job.processedBy): which instance ran what.
const workerRedis = createRedis({ maxRetriesPerRequest: null });
const worker = new Worker(QUEUE_NAME, processJob, { name: `${hostname()}:${process.pid}`, connection: workerRedis, concurrency: 4 });

worker.on("ready", () => logger().info(`worker ready on queue "${QUEUE_NAME}" with ${jobs.length} job type(s)`));
worker.on("failed", (job, error) => logger().error(`job ${job?.name}#${job?.id} failed: ${error.message}`));
worker.on("error", (error) => logger().error(`worker error: ${error.message}`));

// Both in the worker's readiness; a job runner that closes by itself ends the process (workers/parts.ts).
const runner = watchJobRunner(worker, workerRedis);
const webhookDrain = startWebhookDrain({ onSubscriber: watchWakeUps });
const http = config.WORKER_HTTP_PORT === undefined ? undefined : await startWorkerHttp(config.WORKER_HTTP_PORT, config.HOST);
if (http) logger().info(`worker health and metrics on ${config.HOST}:${(http.address() as AddressInfo).port}`);

// The job schedulers (stale-send sweep, snooze wake, retentions, token check), registered again whenever
// Redis comes back: a Redis restarted without its data has forgotten them (workers/schedules/index.ts).
const stopKeepingSchedules = keepSchedules(workerRedis);

// A predecessor killed without warning may have stored messages it never announced: browsers refetch.
announceResync("worker-started");

// worker.close() lets running jobs finish (an offer stops between two recipients, workers/offers/stop-signal.ts,
// and the next worker resumes it); the drain finishes its batches. Past the deadline, running jobs are
// handed back: BullMQ's stalled check or the offers watchdog gives them to another worker.
onStopSignals(async (signal) => {
  logger().info(`worker ${signal}: finishing the current jobs`);
  runner.stopping();
  stopKeepingSchedules();
  const finished = await Promise.race([Promise.all([worker.close(), webhookDrain.stop()]).then(() => true), sleep(config.SHUTDOWN_TIMEOUT_SECONDS * 1000).then(() => false)]);
  if (!finished) {
    logger().warn(`worker ${signal}: jobs still running at the deadline; handing them back`);
    await worker.close(true);
  }
  http?.close();
}, config.SHUTDOWN_TIMEOUT_SECONDS);
