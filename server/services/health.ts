import { db } from "@/server/db";
import { redis } from "@/server/redis";

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
    console.error(`[switchboard] health: ${name} is down:`, error instanceof Error ? error.message : error);
    return "down";
  }
}

/** Liveness of the two dependencies; "ok" only when both answer. */
export async function health(): Promise<{ status: "ok" | "degraded"; db: Check; redis: Check }> {
  const [dbState, redisState] = await Promise.all([check("database", () => db.$queryRaw`SELECT 1`), check("redis", () => redis().ping())]);
  return { status: dbState === "ok" && redisState === "ok" ? "ok" : "degraded", db: dbState, redis: redisState };
}
