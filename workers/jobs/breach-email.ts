import { notifyBreaches } from "@/workers/conversations/notify-breaches";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

/** Every minute (workers/schedules/breach-email.ts): e-mail the admins about conversations past their response target. */
export const notifyBreachesJob = defineJob({
  ...JOBS.notifyBreaches,
  async handle() {
    return { notified: await notifyBreaches() };
  },
});
