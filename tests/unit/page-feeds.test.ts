import { describe, expect, it } from "vitest";
import { feedOf, PageFeeds } from "@/lib/inbox/page-feeds";

// The browser's view of each Page's numbered feed (lib/inbox/page-feeds.ts; issue 41).

const at = (seq: number, epoch = "e1") => ({ epoch, seq });

describe("a Page's feed in the browser", () => {
  it("takes numbers in order, notices a skipped one, and closes the gap when it comes", () => {
    const feeds = new PageFeeds();
    expect(feeds.joined("p", at(10))).toBe("new");
    expect(feeds.accept("p", at(11))).toBe("in-order");
    expect(feeds.missing("p")).toBeNull();
    expect(feeds.accept("p", at(13))).toBe("gap");
    expect(feeds.accept("p", at(14))).toBe("gap");
    expect(feeds.missing("p")).toEqual({ epoch: "e1", after: 11 });
    expect(feeds.accept("p", at(12))).toBe("in-order");
    expect(feeds.missing("p")).toBeNull();
    expect(feeds.position("p")).toEqual({ epoch: "e1", after: 14 });
  });

  it("calls what it has already old: a live event a catch-up brought first, or one from before the join", () => {
    const feeds = new PageFeeds();
    feeds.joined("p", at(5));
    expect(feeds.accept("p", at(5))).toBe("old");
    expect(feeds.accept("p", at(7))).toBe("gap");
    expect(feeds.accept("p", at(7))).toBe("old");
    expect(feeds.accept("p", at(6))).toBe("in-order");
    expect(feeds.accept("p", at(6))).toBe("old");
  });

  it("follows a feed that started again (Redis lost it) from its start: what came before the event seen is missing", () => {
    const feeds = new PageFeeds();
    feeds.joined("p", at(40));
    expect(feeds.accept("p", at(3, "e2"))).toBe("restarted");
    expect(feeds.missing("p")).toEqual({ epoch: "e2", after: 0 });
    expect(feeds.accept("p", at(1, "e2"))).toBe("in-order");
    expect(feeds.accept("p", at(2, "e2"))).toBe("in-order");
    expect(feeds.position("p")).toEqual({ epoch: "e2", after: 3 });
    // Its first event: nothing is missing.
    expect(feeds.accept("p", at(1, "e3"))).toBe("in-order");
    expect(feeds.missing("p")).toBeNull();
  });

  it("keeps its place through a rejoin of the same feed, starts from the start of another one", () => {
    const feeds = new PageFeeds();
    feeds.joined("p", at(3));
    feeds.accept("p", at(4));
    expect(feeds.joined("p", at(9))).toBe("same");
    expect(feeds.position("p")).toEqual({ epoch: "e1", after: 4 });
    expect(feeds.joined("p", at(2, "e9"))).toBe("restarted");
    expect(feeds.position("p")).toEqual({ epoch: "e9", after: 0 });
    expect(feeds.joined("q", null)).toBe("new");
    expect(feeds.position("q")).toBeNull();
    // A Page first seen through an event is followed from it.
    expect(feeds.accept("q", at(7))).toBe("in-order");
    expect(feeds.newest("q")).toEqual(at(7));
  });

  it("reads the mark an event carries, and nothing from one without", () => {
    expect(feedOf({ pageId: "p", feed: { epoch: "e", seq: 3 } })).toEqual({ epoch: "e", seq: 3 });
    expect(feedOf({ pageId: "p" })).toBeNull();
    expect(feedOf({ feed: { epoch: 1, seq: "3" } })).toBeNull();
    expect(feedOf(null)).toBeNull();
  });
});
