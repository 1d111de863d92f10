import { z } from "zod";
import { COPY_ATTACHMENTS_JOB } from "@/server/queue/attachments";
import { copyMessageAttachments } from "@/workers/attachments/copy-attachments";
import { defineJob } from "@/workers/jobs/types";

// Keeps a copy of a message's attachments (workers/attachments/copy-attachments.ts). A fetch that
// failed for a reason that may pass (network, 5xx, timeout) throws, so BullMQ retries with backoff; what
// was copied stays copied, and the retry only fetches the rest.
export const copyAttachmentsJob = defineJob({
  name: COPY_ATTACHMENTS_JOB,
  schema: z.object({ messageId: z.uuid() }),
  async handle({ messageId }) {
    const outcome = await copyMessageAttachments(messageId);
    if (outcome.failed) throw outcome.failed;
    return { copied: outcome.copied, refused: outcome.refused };
  },
});
