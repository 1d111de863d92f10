import { z } from "zod";
import { GraphError } from "@/server/messenger/graph-errors";
import { unsubscribeApp } from "@/server/messenger/graph-pages";
import { decryptSecret } from "@/server/security/secret-box";
import { SUBSCRIBE_PAGE_JOB, UNSUBSCRIBE_PAGE_JOB, VERIFY_PAGE_TOKENS_JOB } from "@/server/queue/pages";
import { subscribePage } from "@/server/services/page-connection/subscribe-page";
import { recheckPageTokens } from "@/server/services/page-connection/recheck-page-tokens";
import { defineJob } from "@/workers/jobs/types";

// Jobs that keep connected Pages working (producers in server/queue/pages.ts). A failed (un)subscription
// throws so BullMQ retries it with backoff; the Page screen shows the last error meanwhile.

export const subscribePageJob = defineJob({
  name: SUBSCRIBE_PAGE_JOB,
  schema: z.object({ pageId: z.uuid() }),
  async handle({ pageId }) {
    const outcome = await subscribePage(pageId);
    if (!outcome.ok && outcome.retry) throw new Error(outcome.error);
    return outcome;
  },
});

export const unsubscribePageJob = defineJob({
  name: UNSUBSCRIBE_PAGE_JOB,
  schema: z.object({ facebookPageId: z.string().regex(/^\d+$/), accessTokenEnc: z.string().min(1) }),
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
  name: VERIFY_PAGE_TOKENS_JOB,
  schema: z.object({}).passthrough(),
  handle: () => recheckPageTokens(),
});
