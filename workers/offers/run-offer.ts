import { markNeedsToken } from "@/server/services/pages/connection/mark-needs-token";
import { db } from "@/server/db";
import { enqueueSendOffer } from "@/server/services/offers/queue";
import { markSent, markUnsent, nextPending, orphanedClaims, releaseRecipient } from "@/workers/offers/ledger";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";
import { resolveRecipients } from "@/workers/offers/resolve-recipients";
import { acquireLease, type OfferLease } from "@/workers/offers/lease";
import { ProgressWriter } from "@/workers/offers/progress";
import { RunContext } from "@/workers/offers/context";
import { deliverOne } from "@/workers/offers/deliver";
import { Lookahead } from "@/workers/offers/lookahead";
import { loadOffer, prepareTarget } from "@/workers/offers/prepare";
import { lookUpDelivery } from "@/workers/offers/reconcile";
import type { SendTarget } from "@/workers/offers/context";
import { watchStopSignals } from "@/workers/offers/stop-signal";
import { logger } from "@/server/observability/log";

// One run of a bulk offer: take the lease, fix the recipients (first run only), settle what a dead run
// left claimed (asking Facebook whether it arrived), then send person by person at the page's rate until nobody is left, the offer is paused
// or cancelled, or the worker is closing (then a new run is queued to continue). Messenger and Instagram
// customers of the page are one ledger, each person sent to on their own channel at that channel's pace.

export type RunOutcome = "busy" | "missing" | "not-runnable" | "completed" | "paused" | "halted-by-status" | "stopped" | "lease-lost";

const BATCH = 200;
/**
 * Before settling a dead run's claimed rows: time for their echoes (usually within a second of the send),
 * and for a run that only stalled to notice it lost the lease before its next call.
 */
const ECHO_GRACE_MS = 3_000;

export async function runOffer(offerId: string): Promise<RunOutcome> {
  watchStopSignals();
  const lease = await acquireLease(offerId);
  if (!lease) return "busy";
  try {
    return await runWithLease(offerId, lease);
  } finally {
    await lease.release();
  }
}

async function runWithLease(offerId: string, lease: OfferLease): Promise<RunOutcome> {
  const offer = await loadOffer(offerId);
  if (!offer) return "missing";
  if (offer.status === "scheduled") {
    if (!(await resolveRecipients(offerId, { pageId: offer.pageId, tags: offer.tags, exclude: offer.exclude }))) return "not-runnable";
  } else if (offer.status !== "running") return "not-runnable";

  const progress = new ProgressWriter(offerId);
  const target = await prepareTarget(offer);
  if ("pause" in target) return pause(offerId, progress, target);
  await settleOrphans(offerId, target);
  await progress.flush();

  const ctx = new RunContext(target, lease, progress);
  const lookahead = new Lookahead(ctx);
  for (;;) {
    const batch = await nextPending(offerId, BATCH);
    if (!batch.length) break;
    for (const [i, row] of batch.entries()) {
      if (ctx.halt()) return haltedBy(ctx, offerId, lookahead);
      const prepared = await lookahead.take(row);
      if (prepared.outcome === "halted") return haltedBy(ctx, offerId, lookahead);
      if (prepared.outcome !== "claimed") {
        await progress.note();
        continue;
      }
      const result = await deliverOne(ctx, prepared, () => lookahead.start(batch[i + 1]));
      if (typeof result === "object") {
        await lookahead.cancel();
        await ctx.settled();
        return pause(offerId, progress, result);
      }
      if (result === "halted") return haltedBy(ctx, offerId, lookahead);
      await progress.note();
    }
  }
  await ctx.settled();
  await db.offer.updateMany({ where: { id: offerId, status: "running" }, data: { status: "completed", completedAt: new Date(), statusReason: null } });
  await progress.flush();
  return "completed";
}

/**
 * Rows still claimed belong to a dead run (we hold the lease): the call in flight when it died, and the
 * next person, claimed just before their slot. After a grace for their echoes (which settle them as
 * sent), Facebook's record of each thread decides: delivered → sent; not there → pending, sent by this
 * run; unreadable → failed, never sent twice.
 */
async function settleOrphans(offerId: string, target: SendTarget): Promise<void> {
  if (!(await orphanedClaims(offerId)).length) return;
  await new Promise((resolve) => setTimeout(resolve, ECHO_GRACE_MS));
  const outcomes = { sent: 0, resent: 0, failed: 0 };
  for (const row of await orphanedClaims(offerId)) {
    const verdict = await lookUpDelivery(target, row, row.claimedAt);
    if ("unknown" in verdict) {
      await markUnsent(row.id, "failed", RECIPIENT_REASONS.interrupted);
      outcomes.failed++;
    } else if (verdict.delivered) {
      await markSent(row.id, verdict.messageId);
      outcomes.sent++;
    } else {
      await releaseRecipient(row.id);
      outcomes.resent++;
    }
  }
  logger().warn(`offer ${offerId}: interrupted sends settled — ${outcomes.sent} had arrived, ${outcomes.resent} to send again, ${outcomes.failed} unknown (failed)`);
}

async function pause(offerId: string, progress: ProgressWriter, why: { pause: string; needsToken?: boolean }): Promise<RunOutcome> {
  await db.offer.updateMany({ where: { id: offerId, status: "running" }, data: { status: "paused", statusReason: why.pause } });
  if (why.needsToken) {
    const offer = await db.offer.findUnique({ where: { id: offerId }, select: { pageId: true } });
    if (offer) await markNeedsToken(offer.pageId, "POST /messages (offer)");
  }
  await progress.flush();
  return "paused";
}

async function haltedBy(ctx: RunContext, offerId: string, lookahead: Lookahead): Promise<RunOutcome> {
  await lookahead.cancel();
  await ctx.settled();
  const reason = ctx.halt();
  if (reason === "lease") return "lease-lost"; // another run owns the offer now: touch nothing
  await ctx.progress.flush();
  if (reason === "signal") {
    // The worker is closing: queue the rest so the next worker continues at once.
    await enqueueSendOffer(offerId).catch((error: Error) => logger().error(`offer ${offerId} not re-queued: ${error.message}`));
    return "stopped";
  }
  return "halted-by-status";
}
