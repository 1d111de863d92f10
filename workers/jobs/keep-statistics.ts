import { z } from "zod";
import { KEEP_STATISTICS_JOB } from "@/workers/schedules/statistics";
import { keepStatistics } from "@/workers/database/keep-statistics";
import { defineJob } from "@/workers/jobs/types";

/** Every 5 minutes (workers/schedules/statistics.ts): tables without planner statistics, or with stale ones, are ANALYZEd. */
export const keepStatisticsJob = defineJob({
  name: KEEP_STATISTICS_JOB,
  schema: z.object({}),
  async handle() {
    return { analyzed: await keepStatistics() };
  },
});
