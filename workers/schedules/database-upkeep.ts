import { env } from "@/server/env";
import { queue } from "@/server/queue/index";
import { JOBS, schedule } from "@/server/queue/jobs";

// The database upkeep (workers/jobs/database-upkeep.ts): runs when the worker starts, then every minute.

const SCHEDULER_ID = "database-upkeep";
/** Every minute: at 200 messages a second the conversations' dead rows pass autovacuum's threshold within minutes. */
const EVERY_MS = 60_000;

/** Idempotent; the worker calls it on start. One scheduler however many workers run; none with DATABASE_UPKEEP=false. */
export async function ensureDatabaseUpkeep(): Promise<void> {
  if (!env().DATABASE_UPKEEP) return void (await queue().removeJobScheduler(SCHEDULER_ID));
  await schedule(SCHEDULER_ID, { every: EVERY_MS }, JOBS.databaseUpkeep, {}, { removeOnComplete: { count: 10 }, removeOnFail: { count: 48 } });
}
