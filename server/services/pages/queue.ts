import { JOBS, enqueue, schedule } from "@/server/queue/jobs";
import type { Channel } from "@/lib/inbox/channels";

// Producers for the jobs that keep a connected Page working (workers/jobs/page-connection.ts): retrying a
// webhook subscription or unsubscription that failed, the daily token check, and the history import.

const VERIFY_SCHEDULER_ID = "verify-page-tokens-daily";

// A failed subscription is retried for about a day (30 s doubling, 12 tries) before it only shows on the Page.
const RETRY = { attempts: 12, backoff: { type: "exponential", delay: 30_000 }, removeOnComplete: { count: 200 }, removeOnFail: { count: 500 } } as const;

/** One pending retry per page: a second failure while one is queued does not stack another. */
export async function enqueueSubscribePage(pageId: string): Promise<void> {
  await enqueue(JOBS.subscribePage, { pageId }, { ...RETRY, jobId: `subscribe-${pageId}` });
}

/** The page row is gone by the time this runs, so the job carries the Facebook id and the encrypted token. */
export async function enqueueUnsubscribePage(facebookPageId: string, accessTokenEnc: string): Promise<void> {
  await enqueue(JOBS.unsubscribePage, { facebookPageId, accessTokenEnc }, { ...RETRY, jobId: `unsubscribe-${facebookPageId}-${Date.now()}` });
}

/** `channels`: only these (Instagram's, when a company admin turns it on); without it every channel of the Page. */
export async function enqueueImportHistory(pageId: string, channels?: Channel[]): Promise<void> {
  await enqueue(JOBS.importPageHistory, { pageId, ...(channels ? { channels } : {}) }, { attempts: 5, backoff: { type: "exponential", delay: 60_000 }, jobId: `import-${pageId}-${Date.now()}`, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } });
}

/** The daily re-check of every page's token (04:00 UTC); idempotent, the worker calls it on start. */
export async function ensureDailyTokenCheck(): Promise<void> {
  await schedule(VERIFY_SCHEDULER_ID, { pattern: "0 4 * * *", tz: "UTC" }, JOBS.verifyPageTokens, {}, { removeOnComplete: { count: 30 }, removeOnFail: { count: 30 } });
}
