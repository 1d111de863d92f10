import { JOBS, enqueue } from "@/server/queue/jobs";

// Producer for the attachment copy (workers/jobs/copy-attachments.ts). Meta's attachment URLs expire, so the
// worker keeps a copy; a failed fetch is retried with exponential backoff (5 s, 10 s, 20 s … ~1.5 h in all).

export const COPY_ATTEMPTS = 10;

export async function queueAttachmentCopies(messageId: string): Promise<void> {
  await enqueue(
    JOBS.copyAttachments,
    { messageId },
    { jobId: `copy-${messageId}`, attempts: COPY_ATTEMPTS, backoff: { type: "exponential", delay: 5_000 }, removeOnComplete: { count: 500 }, removeOnFail: { count: 1000 } },
  );
}
