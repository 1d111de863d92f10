import { z } from "zod";
import { WAKE_SNOOZED_JOB } from "@/workers/schedules/snooze-expiry";
import { wakeSnoozed } from "@/workers/conversations/wake-snoozed";
import { wakeSnoozedComments } from "@/workers/comments/wake-snoozed-comments";
import { defineJob } from "@/workers/jobs/types";

/** Every minute (server/queue/snooze-expiry.ts): snoozed conversations and comments whose time has come are open again. */
export const wakeSnoozedJob = defineJob({
  name: WAKE_SNOOZED_JOB,
  schema: z.object({}),
  async handle() {
    return { woken: await wakeSnoozed(), wokenComments: await wakeSnoozedComments() };
  },
});
