import { describe, expect, it } from "vitest";
import { autoRefreshAllowed, conversationQuery, emptyListText, NO_FILTERS, showAll, tagCountLabel } from "@/lib/inbox/filters";
import { flattenConversations, matchesFilters, moveToTop, patchConversation, replaceConversation } from "@/lib/inbox/list-cache";
import { toConversationUi } from "@/lib/inbox/conversation-ui";
import { describeWindow } from "@/lib/contract/messaging-window";
import { imageFilesOnly } from "@/lib/inbox/files";
import type { ConversationListItem, ConversationPage } from "@/lib/inbox/types";

function item(id: string, over: Partial<ConversationListItem> = {}): ConversationListItem {
  return {
    id, conversationId: id, from_name: `Customer ${id}`, from_id: `psid-${id}`, avatar: null, last_message: "hello", is_image: false, updated_time: new Date(2026, 10, 19, 14, 5).toISOString(),
    unread_count: 0, tags: [], is_new_message: false, is_important: false, is_spam: false, page_id: "p1", facebook_page_id: "100", page_name: "Acme", window: { state: "open", closes_at: null, reason: null }, status: "open", snoozed_until: null, channel: "messenger", ...over,
  };
}
const page = (ids: string[], hasNextPage = false): ConversationPage => ({ data: ids.map((id) => item(id)), pagination: { currentPage: 1, hasNextPage, nextCursor: null } });

describe("the Open / Done / Snoozed views (docs/PRODUCT.md §11)", () => {
  it("sends the view, keeps only its rows live, and says so when it is empty", () => {
    expect(conversationQuery({ ...NO_FILTERS, status: "snoozed" }, 1)).toEqual({ page: 1, limit: 15, status: "snoozed" });
    const open = { ...NO_FILTERS, status: "open" as const };
    expect(matchesFilters(item("a"), open)).toBe(true);
    expect(matchesFilters(item("a", { status: "done" }), open)).toBe(false);
    expect(matchesFilters(item("a", { status: "done" }), NO_FILTERS)).toBe(true);
    // Marked done by another agent: it leaves the Open view in place.
    expect(replaceConversation([page(["a", "b"])], item("a", { status: "done" }), open)[0]!.data.map((c) => c.id)).toEqual(["b"]);
    expect(emptyListText({ ...NO_FILTERS, status: "done" })).toBe("No conversations marked done");
  });
});

describe("list query (PRODUCT §7)", () => {
  it("sends page, limit 15 and only the active filters; tags lowercased as a JSON array", () => {
    expect(conversationQuery(NO_FILTERS, 1)).toEqual({ page: 1, limit: 15 });
    expect(conversationQuery({ search: " porto ", important: true, spam: true, tags: ["VIP", "Refund", "vip"] }, 3, "cur")).toEqual({
      page: 3, limit: 15, search: "porto", isImportant: "true", isSpam: "true", tags: '["refund","vip"]', cursor: "cur",
    });
  });

  it("auto-refreshes only without search, important or tags", () => {
    expect(autoRefreshAllowed(NO_FILTERS)).toBe(true);
    expect(autoRefreshAllowed({ ...NO_FILTERS, spam: true })).toBe(true);
    expect(autoRefreshAllowed({ ...NO_FILTERS, search: "x" })).toBe(false);
    expect(autoRefreshAllowed({ ...NO_FILTERS, important: true })).toBe(false);
    expect(autoRefreshAllowed({ ...NO_FILTERS, tags: ["vip"] })).toBe(false);
  });

  it("words the empty list after the filter in use", () => {
    expect(emptyListText(NO_FILTERS)).toBe("No conversations found");
    expect(emptyListText({ ...NO_FILTERS, search: "porto" })).toBe('No conversations found for "porto"');
    expect(emptyListText({ ...NO_FILTERS, important: true })).toBe("No important conversations found");
    expect(emptyListText({ ...NO_FILTERS, tags: ["vip"] })).toBe("No conversations found with selected tags");
    expect(tagCountLabel(2)).toBe("2 tag(s) selected");
  });

  it("All clears every filter", () => {
    expect(showAll()).toEqual(NO_FILTERS);
  });
});

describe("the loaded list, updated in place", () => {
  it("flattens pages without duplicates", () => {
    expect(flattenConversations([page(["a", "b"]), page(["b", "c"])]).map((c) => c.id)).toEqual(["a", "b", "c"]);
  });

  it("moves a conversation with a new message to the top, adding one not loaded yet", () => {
    const pages = [page(["a", "b"]), page(["c"])];
    expect(flattenConversations(moveToTop(pages, item("c", { unread_count: 1 }), NO_FILTERS)).map((c) => [c.id, c.unread_count])).toEqual([["c", 1], ["a", 0], ["b", 0]]);
    expect(flattenConversations(moveToTop(pages, item("new"), NO_FILTERS)).map((c) => c.id)).toEqual(["new", "a", "b", "c"]);
  });

  it("places a back-dated message's conversation by its time, not above today's", () => {
    const at = (h: number) => new Date(2026, 10, 19, h).toISOString();
    const pages = [{ data: [item("a", { updated_time: at(15) }), item("b", { updated_time: at(10) })], pagination: { currentPage: 1, hasNextPage: false, nextCursor: null } }];
    expect(flattenConversations(moveToTop(pages, item("late", { updated_time: at(12) }), NO_FILTERS)).map((c) => c.id)).toEqual(["a", "late", "b"]);
    expect(flattenConversations(moveToTop(pages, item("older", { updated_time: at(1) }), NO_FILTERS)).map((c) => c.id)).toEqual(["a", "b", "older"]);
    expect(flattenConversations(moveToTop(pages, item("b", { updated_time: at(16) }), NO_FILTERS)).map((c) => c.id)).toEqual(["b", "a"]);
    // Older than every loaded row while more pages remain: paging brings it in its place.
    const more = [{ ...pages[0]!, pagination: { ...pages[0]!.pagination, hasNextPage: true } }];
    expect(flattenConversations(moveToTop(more, item("older", { updated_time: at(1) }), NO_FILTERS)).map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("keeps conversations that do not match out (spam folder, important filter, search)", () => {
    const pages = [page(["a"])];
    expect(flattenConversations(moveToTop(pages, item("s", { is_spam: true }), NO_FILTERS)).map((c) => c.id)).toEqual(["a"]);
    expect(flattenConversations(moveToTop(pages, item("n"), { ...NO_FILTERS, important: true })).map((c) => c.id)).toEqual(["a"]);
    expect(flattenConversations(moveToTop(pages, item("n"), { ...NO_FILTERS, search: "hello" })).map((c) => c.id)).toEqual(["a"]);
  });

  it("replaces a changed conversation where it is, dropping it when it stops matching", () => {
    const pages = [page(["a", "b"])];
    expect(flattenConversations(replaceConversation(pages, item("b", { is_important: true }), NO_FILTERS)).map((c) => [c.id, c.is_important])).toEqual([["a", false], ["b", true]]);
    expect(flattenConversations(replaceConversation(pages, item("b", { is_spam: true }), NO_FILTERS)).map((c) => c.id)).toEqual(["a"]);
    expect(flattenConversations(patchConversation(pages, "a", { unread_count: 0, is_new_message: false }))[0]).toMatchObject({ unread_count: 0 });
  });

  it("adds a changed conversation the view did not hold when it now matches, in its place by time — not to a search or Breaching soon", () => {
    const at = (h: number) => new Date(2026, 10, 19, h).toISOString();
    const snoozed = { ...NO_FILTERS, status: "snoozed" as const };
    const pages = [{ ...page([]), data: [item("a", { status: "snoozed", updated_time: at(15) }), item("c", { status: "snoozed", updated_time: at(9) })] }];
    // Snoozed while the Snoozed view shows (or just before it loaded): it appears between a and c.
    const ben = item("b", { status: "snoozed", updated_time: at(12) });
    expect(flattenConversations(replaceConversation(pages, ben, snoozed)).map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(flattenConversations(replaceConversation(pages, item("b", { status: "open" }), snoozed)).map((c) => c.id)).toEqual(["a", "c"]);
    expect(flattenConversations(replaceConversation(pages, ben, { ...snoozed, search: "zz" })).map((c) => c.id)).toEqual(["a", "c"]);
    const due = { ...NO_FILTERS, status: "due" as const };
    expect(flattenConversations(replaceConversation(pages, item("b", { updated_time: at(12), response_due_at: at(13) }), due)).map((c) => c.id)).toEqual(["a", "c"]);
  });

  it("matches tags case-insensitively and spam only in the spam folder", () => {
    expect(matchesFilters(item("a", { tags: [{ tag: "VIP", color: "red" }] }), { ...NO_FILTERS, tags: ["vip"] })).toBe(true);
    expect(matchesFilters(item("a"), { ...NO_FILTERS, tags: ["vip"] })).toBe(false);
    expect(matchesFilters(item("a", { is_spam: true }), { ...NO_FILTERS, spam: true })).toBe(true);
  });
});

describe("a list row (PRODUCT §3 Conversation UI)", () => {
  it("derives name, 12-hour time, initials avatar, first two tags and flags", () => {
    const today = new Date();
    const ui = toConversationUi(item("a", { from_name: "Ana Lima", updated_time: new Date(today.getFullYear(), today.getMonth(), today.getDate(), 14, 5).toISOString(), unread_count: 2, tags: ["vip", "refund", "late", "eu"].map((tag) => ({ tag, color: "blue" })) }), "a");
    expect(ui).toMatchObject({ name: "Ana Lima", timestamp: "02:05 PM", unread: 2, isNewMessage: true, isSelected: true, avatar: { initials: "AL", imageUrl: null } });
    expect(ui.visibleTags.map((t) => t.tag)).toEqual(["vip", "refund"]);
    expect(ui.hiddenTags.map((t) => t.tag)).toEqual(["late", "eu"]);
  });

  it("names the day of a conversation whose last message is not from today, as the date separators do", () => {
    const now = new Date();
    const at = (daysAgo: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, 13, 24).toISOString();
    expect(toConversationUi(item("a", { updated_time: at(1) }), null).timestamp).toBe("Yesterday");
    const old = new Date(at(3));
    expect(toConversationUi(item("a", { updated_time: at(3) }), null).timestamp).toBe(old.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", ...(old.getFullYear() !== now.getFullYear() ? { year: "numeric" } : {}) }));
    expect(toConversationUi(item("a", { updated_time: at(0) }), null).timestamp).toBe("01:24 PM");
  });

  it("uses the avatar when it is a URL", () => {
    expect(toConversationUi(item("a", { avatar: "https://x/a.png" }), null).avatar.imageUrl).toBe("https://x/a.png");
  });
});

describe("the messaging window in the composer", () => {
  const now = Date.UTC(2026, 10, 19, 12);
  const h = 3_600_000;
  it("counts down the 24 h window", () => {
    expect(describeWindow({ state: "open", closes_at: new Date(now + 5 * h + 12 * 60_000).toISOString(), reason: null }, now)).toEqual({ state: "open", label: "Reply window: 5h 12m left" });
  });
  it("allows a human agent reply between 24 h and 7 d", () => {
    expect(describeWindow({ state: "human_agent", closes_at: new Date(now + 50 * h).toISOString(), reason: null }, now)).toMatchObject({ state: "human_agent", label: "Human agent reply" });
    expect(describeWindow({ state: "open", closes_at: new Date(now - h).toISOString(), reason: null }, now)).toMatchObject({ state: "human_agent" });
  });
  it("closes after 7 d with the reason", () => {
    expect(describeWindow({ state: "closed", closes_at: null, reason: "Too late." }, now)).toEqual({ state: "closed", label: "Reply window closed", reason: "Too late." });
    expect(describeWindow({ state: "human_agent", closes_at: new Date(now - 1).toISOString(), reason: null }, now)).toMatchObject({ state: "closed" });
  });
});

describe("staged files", () => {
  it("keeps only image/* files", () => {
    const files = [new File(["x"], "a.png", { type: "image/png" }), new File(["x"], "b.pdf", { type: "application/pdf" }), new File(["x"], "c", { type: "" })];
    expect(imageFilesOnly(files).map((f) => f.name)).toEqual(["a.png"]);
  });
});
