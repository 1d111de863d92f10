import { Redis } from "ioredis";
import { probeDatabase } from "@/server/db/probe";
import type { AppEnv } from "@/server/env";
import { exitWithError } from "@/server/lifecycle/exit";
import { logger } from "@/server/observability/log";

// At start, both processes wait for Postgres and Redis for up to STARTUP_TIMEOUT_SECONDS (they may still
// be starting beside us in a deployment), then give up with one line and a non-zero exit, so an
// orchestrator sees the failure instead of a process that runs but cannot work.

/** Host and port only: the URL may carry a password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol.startsWith("redis") ? 6379 : 5432)}`;
  } catch {
    return "(unparsable URL)";
  }
}

async function probeRedis(url: string, timeoutMs: number): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.disconnect();
  }
}

export async function waitForDependencies(config: Pick<AppEnv, "DATABASE_URL" | "REDIS_URL" | "STARTUP_TIMEOUT_SECONDS">): Promise<void> {
  const deadline = Date.now() + config.STARTUP_TIMEOUT_SECONDS * 1000;
  const checks = [
    { name: "the database", url: config.DATABASE_URL, probe: probeDatabase },
    { name: "Redis", url: config.REDIS_URL, probe: probeRedis },
  ];
  for (const check of checks) {
    for (let attempt = 1; ; attempt++) {
      try {
        await check.probe(check.url, Math.max(250, Math.min(2000, deadline - Date.now())));
        break;
      } catch (error) {
        const reason = (error as Error).message || String(error);
        if (Date.now() + 500 >= deadline) {
          exitWithError(`cannot reach ${check.name} at ${where(check.url)} after ${config.STARTUP_TIMEOUT_SECONDS} s (${attempt} tries): ${reason}`);
        }
        if (attempt === 1) logger().warn(`waiting for ${check.name} at ${where(check.url)}: ${reason}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
}
