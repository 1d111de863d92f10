import { z } from "zod";
import { DATABASE_UPKEEP_JOB } from "@/workers/schedules/database-upkeep";
import { upkeepDatabase } from "@/workers/database/upkeep";
import { defineJob } from "@/workers/jobs/types";

/** Every minute (workers/schedules/database-upkeep.ts): statistics made where missing or stale, dead rows vacuumed while autovacuum is off. */
export const databaseUpkeepJob = defineJob({
  name: DATABASE_UPKEEP_JOB,
  schema: z.object({}),
  async handle() {
    return upkeepDatabase();
  },
});
