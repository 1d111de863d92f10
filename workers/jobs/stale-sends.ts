import { failStaleSends } from "@/server/services/outbound/fail-stale-sends";
import { sendUnclaimedAutoReplies } from "@/server/services/auto-replies/send-auto-reply";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

/**
 * Every 10 s (workers/schedules/stale-sends.ts): replies left "Sending" by a stopped process become "Failed";
 * automatic replies it decided but never started to send go out (docs/PRODUCT.md §13.1).
 */
export const failStaleSendsJob = defineJob({
  ...JOBS.failStaleSends,
  async handle() {
    return { failed: await failStaleSends(), automaticSent: await sendUnclaimedAutoReplies() };
  },
});
