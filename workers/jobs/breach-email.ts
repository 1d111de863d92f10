import { z } from "zod";
import { NOTIFY_BREACHES_JOB } from "@/workers/schedules/breach-email";
import { notifyBreaches } from "@/workers/conversations/notify-breaches";
import { defineJob } from "@/workers/jobs/types";

/** Every minute (workers/schedules/breach-email.ts): e-mail the admins about conversations past their response target. */
export const notifyBreachesJob = defineJob({
  name: NOTIFY_BREACHES_JOB,
  schema: z.object({}),
  async handle() {
    return { notified: await notifyBreaches() };
  },
});
