import { rows, sqlDb } from "@/server/db/sql/run";
import { redis } from "@/server/redis";
import { env } from "@/server/env";
import { isDraining } from "@/server/lifecycle/state";
import { partStates, type PartState } from "@/server/lifecycle/parts";
import { webhookBacklog } from "@/server/observability/webhook-backlog";
import { logger } from "@/server/observability/log";

type Check = "ok" | "down";

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(name: string, probe: () => Promise<unknown>): Promise<Check> {
  try {
    await within(2000, probe());
    return "ok";
  } catch (error) {
    logger().error(`health: ${name} is down: ${error instanceof Error ? error.message : error}`);
    return "down";
  }
}

/** Liveness of the two dependencies; "ok" only when both answer. */
export async function health(): Promise<{ status: "ok" | "degraded"; db: Check; redis: Check }> {
  const [dbState, redisState] = await Promise.all([check("database", () => rows(sqlDb().selectNoFrom((eb) => eb.lit(1).as("ok")))), check("redis", () => redis().ping())]);
  return { status: dbState === "ok" && redisState === "ok" ? "ok" : "degraded", db: dbState, redis: redisState };
}

export type Readiness = { status: "ready" | "not_ready"; db: Check; redis: Check; webhookBacklog: number | null; draining: boolean; parts: Record<string, PartState> };

/**
 * Readiness for orchestrators and balancers: the dependencies answer, the webhook ingest is not further
 * behind than READY_MAX_WEBHOOK_BACKLOG, every part the process runs beside its server works (the webhook
 * listener thread: server/lifecycle/parts.ts), and the process is not stopping. Liveness is only "the process
 * answers" (a restart does not fix a database outage, so that must not fail liveness).
 */
export async function readiness(maxBacklog = env().READY_MAX_WEBHOOK_BACKLOG): Promise<Readiness> {
  const draining = isDraining();
  const [base, backlog] = await Promise.all([health(), within(2000, webhookBacklog()).catch(() => null)]);
  const backlogOk = backlog !== null && backlog.pending < maxBacklog;
  const parts = partStates();
  const ready = base.status === "ok" && backlogOk && !draining && Object.values(parts).every((state) => state === "ok");
  return { status: ready ? "ready" : "not_ready", db: base.db, redis: base.redis, webhookBacklog: backlog?.pending ?? null, draining, parts };
}
