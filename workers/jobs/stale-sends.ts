import { z } from "zod";
import { FAIL_STALE_SENDS_JOB } from "@/workers/schedules/stale-sends";
import { failStaleSends } from "@/server/services/outbound/fail-stale-sends";
import { defineJob } from "@/workers/jobs/types";

/** Every minute (workers/schedules/stale-sends.ts): replies left "Sending" by a stopped process become "Failed". */
export const failStaleSendsJob = defineJob({
  name: FAIL_STALE_SENDS_JOB,
  schema: z.object({}),
  async handle() {
    return { failed: await failStaleSends() };
  },
});
