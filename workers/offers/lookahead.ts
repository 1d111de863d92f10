import { offerMessagingType } from "@/lib/contract/messaging-window";
import { claimRecipient, markUnsent, releaseRecipient, type PendingRecipient } from "@/workers/offers/ledger";
import { RECIPIENT_REASONS } from "@/server/services/offers/reasons";
import { waitUntil, type RunContext } from "@/workers/offers/context";
import type { OutgoingMessage } from "@/server/integrations/meta/graph-client";

// Getting the next person ready — window check, their channel's message and rate slot, claim — while the current person's Send API
// call is in flight, so neither a slow database nor Redis delays the next slot. The claim is made just in
// time (RunContext.claimLeadMs before the slot): a row claimed but not yet called is the one person a
// crash would leave unsent, and there is never more than one such row.

export type Prepared =
  | { row: PendingRecipient; outcome: "claimed"; message: OutgoingMessage; deadline: number; epoch: number }
  | { row: PendingRecipient; outcome: "skipped" | "gone" | "halted" };

export async function prepareOne(ctx: RunContext, row: PendingRecipient): Promise<Prepared> {
  // Checked at send time, not scheduling: a conversation marked spam meanwhile is skipped too.
  if (row.isSpam && !ctx.target.includeSpam) {
    await markUnsent(row.id, "skipped", RECIPIENT_REASONS.markedSpam);
    return { row, outcome: "skipped" };
  }
  if (!offerMessagingType(row.lastInboundAt)) {
    await markUnsent(row.id, "skipped", RECIPIENT_REASONS.outsideWindow);
    return { row, outcome: "skipped" };
  }
  const message = ctx.target.messageFor(row.id, row.channel);
  if ("skip" in message) {
    await markUnsent(row.id, "skipped", message.skip);
    return { row, outcome: "skipped" };
  }
  const epoch = ctx.backoffEpoch;
  const deadline = await ctx.pacer(row.channel).take();
  if (deadline === null || !(await waitUntil(ctx, deadline - ctx.claimLeadMs()))) return { row, outcome: "halted" };
  const started = performance.now();
  const claimed = await claimRecipient(row.id);
  ctx.noteClaimLatency(performance.now() - started);
  return claimed ? { row, outcome: "claimed", message, deadline, epoch } : { row, outcome: "gone" };
}

export class Lookahead {
  private pending: Promise<Prepared> | null = null;
  private pendingId: string | null = null;

  constructor(private readonly ctx: RunContext) {}

  /** Starts getting `row` ready (once). */
  start(row: PendingRecipient | undefined): void {
    if (!row || this.pending) return;
    this.pending = prepareOne(this.ctx, row);
    this.pending.catch(() => {}); // awaited by take() or cancel()
    this.pendingId = row.id;
  }

  /** `row` made ready: the preparation started ahead, or a fresh one. */
  take(row: PendingRecipient): Promise<Prepared> {
    const pending = this.pendingId === row.id ? this.pending : null;
    this.pending = null;
    this.pendingId = null;
    return pending ?? prepareOne(this.ctx, row);
  }

  /** The run stops: a row claimed ahead goes back to pending (its call never happened). */
  async cancel(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    this.pendingId = null;
    const prepared = await pending?.catch(() => null);
    if (prepared?.outcome === "claimed") await releaseRecipient(prepared.row.id);
  }
}
