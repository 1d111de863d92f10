import { wakeSnoozed } from "@/workers/conversations/wake-snoozed";
import { wakeSnoozedComments } from "@/workers/comments/wake-snoozed-comments";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

/** Every minute (server/queue/snooze-expiry.ts): snoozed conversations and comments whose time has come are open again. */
export const wakeSnoozedJob = defineJob({
  ...JOBS.wakeSnoozed,
  async handle() {
    return { woken: await wakeSnoozed(), wokenComments: await wakeSnoozedComments() };
  },
});
