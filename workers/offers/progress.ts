import { recountOffer, type CountedOffer } from "@/server/services/offers/recount-offer";
import { emitOfferProgress } from "@/server/services/offers/emit-progress";

// Progress is written in batches (docs/PERFORMANCE.md): after every FLUSH_EVERY people or FLUSH_MS, whichever comes
// first — one UPDATE that recounts the ledger — and then emitted as `offer-progress`. The same statement
// reads the offer's status back, which is how a run learns that an admin paused or cancelled it.

export const FLUSH_EVERY = 50;
export const FLUSH_MS = 1_000;

export class ProgressWriter {
  private sinceFlush = 0;
  private lastFlushAt = 0;
  private lastEmitted = "";
  /** The offer as of the last flush. */
  current: CountedOffer | null = null;

  constructor(private readonly offerId: string) {}

  /** One more person handled; flushes when a batch is full or a second has passed. */
  async note(): Promise<void> {
    this.sinceFlush++;
    await this.flushIfDue();
  }

  async flushIfDue(): Promise<void> {
    if (this.sinceFlush >= FLUSH_EVERY || Date.now() - this.lastFlushAt >= FLUSH_MS) await this.flush();
  }

  async flush(): Promise<CountedOffer | null> {
    this.sinceFlush = 0;
    this.lastFlushAt = Date.now();
    this.current = await recountOffer(this.offerId);
    if (this.current) {
      const { status, statusReason, sentCount, skippedCount, failedCount, targetCount } = this.current;
      const fingerprint = JSON.stringify([status, statusReason, sentCount, skippedCount, failedCount, targetCount]);
      // Nothing new (a backoff, an idle second): no event.
      if (fingerprint !== this.lastEmitted) {
        this.lastEmitted = fingerprint;
        emitOfferProgress(this.current);
      }
    }
    return this.current;
  }
}
