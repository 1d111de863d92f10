import type { Channel } from "@/lib/inbox/channels";
import type { OutgoingMessage, ThreadMessage } from "@/server/integrations/meta/graph-client";
import type { OfferLease } from "@/workers/offers/lease";
import { Pacer } from "@/workers/offers/page-rate";
import type { ProgressWriter } from "@/workers/offers/progress";
import { stopRequested } from "@/workers/offers/stop-signal";

// What a run of one offer carries around: where to send, what, and how to know it must stop.

export type SendTarget = {
  offerId: string;
  /** Our page id (rate limit key) and Facebook's (Graph paths). */
  pageId: string;
  facebookPageId: string;
  /** The linked Instagram account's id (it sends the Page's Instagram messages), null without one. */
  instagramId: string | null;
  token: string;
  ratePerSecond: number;
  /** Whether people whose conversation is marked spam get the offer too (default: skipped). */
  includeSpam: boolean;
  /**
   * The message for one ledger row (its id goes into the metadata), or why this person cannot get it on
   * their channel (Instagram's text limit).
   */
  messageFor: (recipientId: string, channel: Channel) => OutgoingMessage | { skip: string };
  /** Whether a message of the thread (Conversations API) is this offer's, for reconcile.ts. */
  isOfferMessage: (message: ThreadMessage) => boolean;
};

export type HaltReason = "signal" | "lease" | "status";

export class RunContext {
  /** Streaks that turn a run of failures into a pause (see deliver.ts). */
  rateLimitStreak = 0;
  noAnswerStreak = 0;
  /** One pacer per channel (page-rate.ts), made when the run first sends on it. */
  private readonly pacers = new Map<Channel, Pacer>();
  /** Bumped by every back-off: a slot taken before it is too early to use. */
  backoffEpoch = 0;
  /** The last "sent" write, finishing while the next person is being sent to. */
  private settling: Promise<void> = Promise.resolve();
  /** Recent claim latency (ms, smoothed): how early before its slot a person must be claimed. */
  private claimMs = 5;

  constructor(
    readonly target: SendTarget,
    readonly lease: OfferLease,
    readonly progress: ProgressWriter,
  ) {}

  /** The send slots of one channel of the page. */
  pacer(channel: Channel): Pacer {
    let pacer = this.pacers.get(channel);
    if (!pacer) this.pacers.set(channel, (pacer = new Pacer(this.target.pageId, channel, this.target.ratePerSecond, this.lease)));
    return pacer;
  }

  /**
   * Records a send without waiting for it (one round trip off the critical path). At most one write is in
   * flight: the previous one is awaited here, so its failure surfaces at once.
   */
  async settleInBackground(write: Promise<void>): Promise<void> {
    const previous = this.settling;
    write.catch(() => {}); // surfaced by the next settleInBackground() or settled()
    this.settling = write;
    await previous;
  }

  /** Waits for the last background write (before counting, stopping, or releasing the lease). */
  async settled(): Promise<void> {
    await this.settling;
  }

  noteClaimLatency(ms: number): void {
    this.claimMs = 0.8 * this.claimMs + 0.2 * ms;
  }

  /**
   * How long before its slot a person is claimed: twice the recent claim latency. On a quiet machine
   * that is a few ms — a crash in that window is the only way someone misses the offer — and on a busy
   * one it grows so the claim still lands before the slot.
   */
  claimLeadMs(): number {
    return Math.min(250, 2 + 2 * this.claimMs);
  }

  /** Why the run must stop before its next recipient, or null to go on. */
  halt(): HaltReason | null {
    if (stopRequested()) return "signal";
    if (this.lease.lost) return "lease";
    const status = this.progress.current?.status;
    if (status && status !== "running") return "status";
    return null;
  }

  /** Once a second while waiting: keep the lease and learn about pauses. */
  async heartbeat(): Promise<void> {
    if (await this.lease.renew()) await this.progress.flushIfDue();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a local deadline (performance.now()); longer waits stay interruptible. False when halted. */
export async function waitUntil(ctx: RunContext, deadline: number): Promise<boolean> {
  const ms = deadline - performance.now();
  if (ms > 250) return waitUnlessHalted(ctx, ms);
  if (ms > 0) await sleep(ms);
  return ctx.halt() === null;
}

/** Waits `ms`, checking every 250 ms whether to stop and beating every second; false when halted. */
export async function waitUnlessHalted(ctx: RunContext, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  let nextBeat = Date.now() + 1_000;
  while (Date.now() < end) {
    await sleep(Math.min(250, end - Date.now()));
    if (ctx.halt()) return false;
    if (Date.now() >= nextBeat) {
      nextBeat += 1_000;
      await ctx.heartbeat();
    }
  }
  return ctx.halt() === null;
}
