import { GraphError } from "@/server/integrations/meta/graph-errors";
import { unsubscribeApp } from "@/server/integrations/meta/graph-pages";
import { decryptSecret } from "@/server/security/secret-box";
import { failPageHistoryImport, importPageHistory } from "@/workers/pages/import-history";
import { subscribePage } from "@/server/services/pages/connection/subscribe-page";
import { recheckPageTokens } from "@/workers/pages/recheck-page-tokens";
import { defineJob } from "@/workers/jobs/types";
import { JOBS } from "@/server/queue/jobs";

// Jobs that keep connected Pages working (producers in server/services/pages/queue.ts). A failed (un)subscription
// throws so BullMQ retries it with backoff; the Page screen shows the last error meanwhile.

export const subscribePageJob = defineJob({
  ...JOBS.subscribePage,
  async handle({ pageId }) {
    const outcome = await subscribePage(pageId);
    if (!outcome.ok && outcome.retry) throw new Error(outcome.error);
    return outcome;
  },
});

export const unsubscribePageJob = defineJob({
  ...JOBS.unsubscribePage,
  async handle({ facebookPageId, accessTokenEnc }) {
    try {
      await unsubscribeApp(facebookPageId, decryptSecret(accessTokenEnc));
      return { unsubscribed: true };
    } catch (error) {
      // A dead token has no subscription left to remove.
      if (error instanceof GraphError && error.kind === "token_invalid") return { unsubscribed: false, reason: "token invalid" };
      throw error;
    }
  },
});

export const verifyPageTokensJob = defineJob({
  ...JOBS.verifyPageTokens,
  handle: () => recheckPageTokens(),
});

export const importPageHistoryJob = defineJob({
  ...JOBS.importPageHistory,
  async handle({ pageId, channels }, job) {
    try {
      return await importPageHistory(pageId, channels);
    } catch (error) {
      // Rate limits (4/17/32/613) and outages are retried by BullMQ with backoff; the import resumes from
      // its saved cursor. After the last attempt the Page says the import stopped.
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await failPageHistoryImport(pageId, (error as Error).message);
      throw error;
    }
  },
});
