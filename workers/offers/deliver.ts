import { sendMessage } from "@/server/integrations/meta/graph-client";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { claimRecipient, markSent, markUnsent, releaseRecipient } from "@/workers/offers/ledger";
import { OFFER_REASONS, RECIPIENT_REASONS, refusedBy } from "@/server/services/offers/reasons";
import { pushBackPage } from "@/workers/offers/page-rate";
import { waitUnlessHalted, waitUntil, type RunContext } from "@/workers/offers/context";
import { lookUpDelivery } from "@/workers/offers/reconcile";
import type { Prepared } from "@/workers/offers/lookahead";
import type { Channel } from "@/lib/inbox/channels";

// One person: their channel's rate slot, the Page's Send API (an Instagram customer's IGSID is the
// recipient there too, as for an agent's reply), settle. Meta's answers map as docs/META.md says:
//   551 person unavailable, 10/2018278 outside the window, 10/2018300 another app holds the thread
//     (handover protocol) → skipped (never retried)
//   190 token invalid → the row goes back to pending and the offer pauses (the page needs a new token)
//   4/17/32/613 rate limited → the row goes back to pending, the whole page backs off, then retry
//   2/1200/5xx with a Graph error → Meta says it did not take it: back to pending, retry with backoff
//   no answer at all (timeout, reset, 5xx without a Graph error) → it may have been delivered: Facebook's
//     record of the thread decides (reconcile.ts) — there → sent; not there → retried like a temporary
//     error; unreadable → failed, never retried (the echo may still confirm it, see confirm-echo.ts)
//   anything else (100 …) → failed for this person

export type Delivery = "sent" | "skipped" | "failed" | "gone" | "halted" | { pause: string; needsToken?: boolean };

const TRANSIENT_TRIES = 3;
const TRANSIENT_BASE_MS = 250;
const RATE_LIMIT_BASE_MS = 1_000;
const RATE_LIMIT_MAX_MS = 60_000;
/** Consecutive rate-limit answers, or sends without an answer, before the offer pauses. */
const RATE_LIMIT_STREAK_MAX = 8;
const NO_ANSWER_STREAK_MAX = 5;
/** How long an unanswered call gets to land at Facebook before its thread is read. */
const NO_ANSWER_LOOKUP_DELAY_MS = 2_000;

type Attempt = { id: string; psid: string; channel: Channel; startedAt: Date; transientSoFar: number };

/**
 * Sends to one person whose row was claimed by lookahead.ts. `onCall` runs as the Send API call starts:
 * the run uses it to get the next person ready meanwhile.
 */
export async function deliverOne(ctx: RunContext, prepared: Extract<Prepared, { outcome: "claimed" }>, onCall: () => void): Promise<Delivery> {
  const { target } = ctx;
  const { row } = prepared;
  const pacer = ctx.pacer(row.channel);
  // A slot taken before a back-off is too early: take a new one.
  let deadline: number | null = prepared.epoch === ctx.backoffEpoch ? prepared.deadline : await pacer.take();
  for (let transient = 0; ; ) {
    if (deadline === null || !(await waitUntil(ctx, deadline))) {
      await releaseRecipient(row.id); // the call never happened
      return "halted";
    }
    // The last word before the call: a run that stalled past its lease and lost it to a new run must not
    // send — the new run settles this row (docs/API.md, Offers).
    if (!(await ctx.lease.renew())) return "halted";
    onCall();
    const startedAt = new Date();
    let messageId: string;
    try {
      ({ messageId } = await sendMessage(target.facebookPageId, target.token, {
        recipientId: row.psid,
        messagingType: "UPDATE", // promotional, inside 24 h; never a tag (docs/META.md)
        message: prepared.message,
        retries: 0, // retries are decided here, per kind, with the ledger in mind
      }));
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      const next = await settleRefusal(ctx, { id: row.id, psid: row.psid, channel: row.channel, startedAt, transientSoFar: transient }, error);
      if (next !== "retry") return next;
      transient += error.kind === "transient" ? 1 : 0;
      // The refusal released the row: claim it again for the retry, in a fresh slot.
      if (!(await claimRecipient(row.id))) return "gone";
      deadline = await pacer.take();
      continue;
    }
    // Written while the next person is made ready; awaited at the next send at the latest.
    await ctx.settleInBackground(markSent(row.id, messageId));
    ctx.rateLimitStreak = 0;
    ctx.noAnswerStreak = 0;
    return "sent";
  }
}

async function settleRefusal(ctx: RunContext, attempt: Attempt, error: GraphError): Promise<Delivery | "retry"> {
  const { id, channel, transientSoFar } = attempt;
  switch (error.kind) {
    case "person_unavailable":
      await markUnsent(id, "skipped", RECIPIENT_REASONS.personUnavailable);
      return "skipped";
    case "outside_window":
      await markUnsent(id, "skipped", RECIPIENT_REASONS.outsideWindow);
      return "skipped";
    case "not_thread_owner":
      await markUnsent(id, "skipped", RECIPIENT_REASONS.threadControlled);
      return "skipped";
    case "token_invalid":
      await releaseRecipient(id);
      return { pause: OFFER_REASONS.tokenInvalid, needsToken: true };
    case "rate_limited": {
      await releaseRecipient(id);
      if (++ctx.rateLimitStreak > RATE_LIMIT_STREAK_MAX) return { pause: OFFER_REASONS.rateLimited };
      await pushBackPage(ctx.target.pageId, channel, Math.min(RATE_LIMIT_MAX_MS, RATE_LIMIT_BASE_MS * 2 ** (ctx.rateLimitStreak - 1)));
      ctx.pacer(channel).drop();
      ctx.backoffEpoch++;
      return "retry";
    }
    case "transient":
      if (error.code === undefined) return settleNoAnswer(ctx, attempt);
      if (transientSoFar + 1 >= TRANSIENT_TRIES) {
        await markUnsent(id, "failed", RECIPIENT_REASONS.transient);
        return "failed";
      }
      await releaseRecipient(id);
      return (await waitUnlessHalted(ctx, TRANSIENT_BASE_MS * 2 ** transientSoFar)) ? "retry" : "halted";
    default:
      await markUnsent(id, "failed", refusedBy(error.message));
      return "failed";
  }
}

/** Without Meta's own answer, Facebook's record of the thread says whether the message went out. */
async function settleNoAnswer(ctx: RunContext, attempt: Attempt): Promise<Delivery | "retry"> {
  const { id, psid, channel, startedAt, transientSoFar } = attempt;
  const streakFull = ++ctx.noAnswerStreak >= NO_ANSWER_STREAK_MAX;
  if (!(await waitUnlessHalted(ctx, NO_ANSWER_LOOKUP_DELAY_MS))) {
    // Stopping: leave the row claimed; the next run's orphan settlement looks it up.
    return "halted";
  }
  const verdict = await lookUpDelivery(ctx.target, { psid, channel }, startedAt);
  if ("unknown" in verdict) {
    await markUnsent(id, "failed", RECIPIENT_REASONS.noAnswer);
    return streakFull ? { pause: OFFER_REASONS.noAnswer } : "failed";
  }
  if (verdict.delivered) {
    await markSent(id, verdict.messageId);
    return "sent";
  }
  // It never reached Facebook, so it may be sent again: now, or by a resumed offer after a pause.
  if (streakFull) {
    await releaseRecipient(id);
    return { pause: OFFER_REASONS.noAnswer };
  }
  if (transientSoFar + 1 >= TRANSIENT_TRIES) {
    await markUnsent(id, "failed", RECIPIENT_REASONS.transient);
    return "failed";
  }
  await releaseRecipient(id);
  return "retry";
}
