import { upkeepDatabase } from "@/workers/database/upkeep";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

/** Every minute (workers/schedules/database-upkeep.ts): statistics made where missing or stale, dead rows vacuumed while autovacuum is off. */
export const databaseUpkeepJob = defineJob({
  ...JOBS.databaseUpkeep,
  async handle() {
    return upkeepDatabase();
  },
});
