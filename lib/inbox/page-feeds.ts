import type { FeedMark } from "@/lib/contract/socket-events";

// What the browser knows of each Page's feed (server/realtime/page-feed.ts; issue 41): the last number it
// has with none missing before it, and the numbers it got beyond a gap. Pure, so its rules are tested
// without a socket (tests/unit/page-feeds.test.ts).

/**
 * in-order: the next number (or the first this browser sees of the Page). old: one it has (a live event a
 * catch-up already brought, or the reverse). gap: numbers before it are missing: catch up. restarted: the
 * feed started again (Redis lost it): catch up from its start, which brings live what the new feed holds.
 */
export type FeedVerdict = "in-order" | "old" | "gap" | "restarted";

type Feed = { epoch: string; last: number; ahead: Set<number> };

export class PageFeeds {
  private readonly feeds = new Map<string, Feed>();

  /**
   * Where a Page's feed stood when this browser (re)joined its room. same: a feed it follows keeps its place
   * (catch up from it); restarted: it followed an earlier feed (catch up from the new one's start); new: it
   * followed none (what it shows must be fetched).
   */
  joined(pageId: string, mark: FeedMark | null | undefined): "same" | "restarted" | "new" {
    const known = this.feeds.get(pageId);
    if (known && mark && known.epoch === mark.epoch) return "same";
    if (!mark) {
      this.feeds.delete(pageId);
      return "new";
    }
    this.feeds.set(pageId, { epoch: mark.epoch, last: known ? 0 : mark.seq, ahead: new Set() });
    return known ? "restarted" : "new";
  }

  /** After a refetch: the feed is followed from `mark` on, whatever was missing before it. */
  restart(pageId: string, mark: FeedMark): void {
    this.feeds.set(pageId, { epoch: mark.epoch, last: mark.seq, ahead: new Set() });
  }

  accept(pageId: string, mark: FeedMark): FeedVerdict {
    const feed = this.feeds.get(pageId);
    if (!feed) {
      this.restart(pageId, mark);
      return "in-order";
    }
    if (feed.epoch !== mark.epoch) {
      // Followed from the new feed's start: what came before this one in it is missing, to catch up.
      this.feeds.set(pageId, { epoch: mark.epoch, last: 0, ahead: new Set() });
      return this.accept(pageId, mark) === "in-order" ? "in-order" : "restarted";
    }
    if (mark.seq <= feed.last || feed.ahead.has(mark.seq)) return "old";
    if (mark.seq > feed.last + 1) {
      feed.ahead.add(mark.seq);
      return "gap";
    }
    feed.last = mark.seq;
    while (feed.ahead.delete(feed.last + 1)) feed.last++;
    return "in-order";
  }

  /** What a catch-up asks for: the epoch and the last number before the first missing one; null when nothing is missing. */
  missing(pageId: string): { epoch: string; after: number } | null {
    const feed = this.feeds.get(pageId);
    return feed && feed.ahead.size ? { epoch: feed.epoch, after: feed.last } : null;
  }

  /** Where this browser stands in a Page's feed (what a catch-up after a reconnect starts from). */
  position(pageId: string): { epoch: string; after: number } | null {
    const feed = this.feeds.get(pageId);
    return feed ? { epoch: feed.epoch, after: feed.last } : null;
  }

  /** The newest number seen of a Page (to restart from after a refetch). */
  newest(pageId: string): FeedMark | null {
    const feed = this.feeds.get(pageId);
    return feed ? { epoch: feed.epoch, seq: Math.max(feed.last, ...feed.ahead) } : null;
  }
}

/** The feed mark an event carries, if it was sent to a Page's room. */
export function feedOf(payload: unknown): FeedMark | null {
  const feed = (payload as { feed?: unknown } | null)?.feed as FeedMark | undefined;
  return feed && typeof feed.epoch === "string" && typeof feed.seq === "number" ? feed : null;
}
