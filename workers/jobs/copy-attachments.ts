import { copyMessageAttachments } from "@/workers/attachments/copy-attachments";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

// Keeps a copy of a message's attachments (workers/attachments/copy-attachments.ts). A fetch that
// failed for a reason that may pass (network, 5xx, timeout) throws, so BullMQ retries with backoff; what
// was copied stays copied, and the retry only fetches the rest.
export const copyAttachmentsJob = defineJob({
  ...JOBS.copyAttachments,
  async handle({ messageId }) {
    const outcome = await copyMessageAttachments(messageId);
    if (outcome.failed) throw outcome.failed;
    return { copied: outcome.copied, refused: outcome.refused };
  },
});
