import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/client";
import { formFailure } from "@/lib/admin/form-errors";
import { assignButtonText, availableEmptyState, availablePages, sameSelection } from "@/lib/admin/assign-pages";
import { healthState, pageHealth } from "@/lib/admin/page-health";
import {
  clampPage,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  pageRange,
  pageSlice,
  pageWindow,
  parsePageSize,
  showingText,
  totalPages,
} from "@/lib/admin/pagination";
import type { ViolationRecord, WhitelistEntry } from "@/lib/admin/types";
import { filterViolations, refLabel } from "@/lib/admin/violation-filter";
import { filterWhitelist, isLinkPattern } from "@/lib/admin/whitelist-filter";
import { formatDate, formatDateTime, formatTimeThenDate, formatTimeWithSeconds } from "@/lib/format/dates";

describe("pagination window (PRODUCT §4: current ±2, first and last, ellipses)", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("adds the last page and an ellipsis at the start", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, "ellipsis-end", 10]);
  });

  it("puts ellipses on both sides in the middle", () => {
    expect(pageWindow(6, 12)).toEqual([1, "ellipsis-start", 4, 5, 6, 7, 8, "ellipsis-end", 12]);
  });

  it("adds the first page and an ellipsis at the end", () => {
    expect(pageWindow(10, 10)).toEqual([1, "ellipsis-start", 8, 9, 10]);
  });

  it("has no ellipsis where the window touches the first or last page", () => {
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(3, 8)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 8]);
  });

  it("clamps an out-of-range current page", () => {
    expect(pageWindow(99, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(-3, 9)).toEqual([1, 2, 3, "ellipsis-end", 9]);
  });
});

describe("page numbers", () => {
  it("clamps between 1 and the total (PRODUCT §4)", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(7, 5)).toBe(5);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });

  it("counts pages, at least one", () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(23, 5)).toBe(5);
  });

  it("slices the visible page, clamped to the last one", () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageSlice(items, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(items, 3, 10)).toEqual([21, 22, 23]);
    expect(pageSlice(items, 9, 10)).toEqual([21, 22, 23]);
  });

  it("offers 5/10/25/50/100 with 10 as the default (PRODUCT §9)", () => {
    expect(PAGE_SIZES).toEqual([5, 10, 25, 50, 100]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(parsePageSize("25")).toBe(25);
    expect(parsePageSize("7")).toBe(10);
  });
});

describe("'Showing X to Y of Z' (PRODUCT §2)", () => {
  it("reads like the spec", () => {
    expect(showingText(1, 10, 23, "patterns")).toBe("Showing 1 to 10 of 23 patterns");
    expect(showingText(3, 10, 23, "patterns")).toBe("Showing 21 to 23 of 23 patterns");
    expect(showingText(2, 5, 12, "violations")).toBe("Showing 6 to 10 of 12 violations");
    expect(showingText(1, 10, 7, "users")).toBe("Showing 1 to 7 of 7 users");
  });

  it("says 0 to 0 for an empty list and clamps a page past the end", () => {
    expect(showingText(1, 10, 0, "users")).toBe("Showing 0 to 0 of 0 users");
    expect(pageRange(5, 10, 12)).toEqual({ from: 11, to: 12 });
  });
});

const entry = (url: string, createdBy: string | null, id = url): WhitelistEntry => ({ _id: id, url, createdBy, createdAt: "2026-01-05T15:04:00Z" });

describe("whitelist search (PRODUCT §5: url or creator, case-insensitive)", () => {
  const entries = [entry("https://Acme.com/offers", "Olivia Owner"), entry("*@acme.com", "Adam Admin"), entry("example.org", null), entry("docs.acme.com/*", "olivia owner")];

  it("matches the url or the creator, ignoring case and surrounding spaces", () => {
    expect(filterWhitelist(entries, "ACME").map((e) => e.url)).toEqual(["https://Acme.com/offers", "*@acme.com", "docs.acme.com/*"]);
    expect(filterWhitelist(entries, "  olivia ").map((e) => e.url)).toEqual(["https://Acme.com/offers", "docs.acme.com/*"]);
    expect(filterWhitelist(entries, "adam").map((e) => e.url)).toEqual(["*@acme.com"]);
  });

  it("returns everything for a blank search and nothing for a miss", () => {
    expect(filterWhitelist(entries, "   ")).toHaveLength(4);
    expect(filterWhitelist(entries, "nowhere")).toEqual([]);
  });

  it("treats only http(s) URLs as links", () => {
    expect(isLinkPattern("https://acme.com")).toBe(true);
    expect(isLinkPattern("HTTP://acme.com/x")).toBe(true);
    expect(isLinkPattern("httpbin.org")).toBe(false);
    expect(isLinkPattern("*@acme.com")).toBe(false);
  });
});

const violation = (over: Partial<ViolationRecord>): ViolationRecord => ({
  _id: "v1",
  user: { _id: "u1", name: "Sara Staff" },
  page: { _id: "p1", name: "Acme Shoes" },
  urls: ["http://evil.example"],
  message: "see http://evil.example now",
  createdAt: "2026-01-05T15:04:00Z",
  ...over,
});

describe("violation search (PRODUCT §5)", () => {
  const records = [
    violation({ _id: "a" }),
    violation({ _id: "b", user: { _id: "u2", name: "Tom Staff" }, page: { _id: "p2", name: "Acme Outlet" }, urls: ["bit.ly/x"], message: "Sara said hi" }),
    violation({ _id: "c", user: null, page: { _id: "p3-id" }, urls: [], message: null }),
  ];
  const ids = (list: ViolationRecord[]) => list.map((r) => r._id);

  it("All Fields matches user, page, message and urls", () => {
    expect(ids(filterViolations(records, "sara", "all"))).toEqual(["a", "b"]);
    expect(ids(filterViolations(records, "OUTLET", "all"))).toEqual(["b"]);
    expect(ids(filterViolations(records, "bit.ly", "all"))).toEqual(["b"]);
    expect(ids(filterViolations(records, "evil", "all"))).toEqual(["a"]);
  });

  it("User Only and Page Only match only that name", () => {
    expect(ids(filterViolations(records, "sara", "user"))).toEqual(["a"]);
    expect(ids(filterViolations(records, "shoes", "user"))).toEqual([]);
    expect(ids(filterViolations(records, "shoes", "page"))).toEqual(["a"]);
  });

  it("searches a missing name by the id it falls back to", () => {
    expect(ids(filterViolations(records, "p3-id", "page"))).toEqual(["c"]);
    expect(ids(filterViolations(records, "   ", "page"))).toEqual(["a", "b", "c"]);
  });

  it("labels: the name, else the id, else N/A", () => {
    expect(refLabel({ _id: "u1", name: "Sara" })).toBe("Sara");
    expect(refLabel({ _id: "u1", name: "  " })).toBe("u1");
    expect(refLabel({ _id: "u1" })).toBe("u1");
    expect(refLabel(null)).toBe("N/A");
  });
});

describe("date formats (PRODUCT §9, en-US)", () => {
  const at = "2026-01-05T15:04:09Z";

  it("whitelist: month short, day, year, hour and minute", () => {
    expect(formatDateTime(at, "UTC")).toBe("Jan 5, 2026, 3:04 PM");
    expect(formatDateTime("2026-11-30T00:30:00Z", "UTC")).toBe("Nov 30, 2026, 12:30 AM");
  });

  it("violation log: the time first, then the date", () => {
    expect(formatTimeThenDate(at, "UTC")).toEqual({ time: "3:04 PM", date: "Jan 5, 2026" });
    expect(formatTimeThenDate(at, "America/New_York")).toEqual({ time: "10:04 AM", date: "Jan 5, 2026" });
  });

  it("created dates and 'Last updated'", () => {
    expect(formatDate(at, "UTC")).toBe("Jan 5, 2026");
    expect(formatTimeWithSeconds(at, "UTC")).toBe("3:04:09 PM");
  });

  it("missing or invalid dates read N/A", () => {
    expect(formatDateTime(null)).toBe("N/A");
    expect(formatDate("not a date")).toBe("N/A");
    expect(formatTimeThenDate(undefined)).toEqual({ time: "N/A", date: "" });
  });
});

describe("Assign Pages modal logic (PRODUCT §4)", () => {
  const pages = [
    { _id: "1", name: "Acme Shoes", page_id: "100000000000001" },
    { _id: "2", name: "Acme Outlet", page_id: "100000000000002" },
    { _id: "3", name: "Support", page_id: "100000000000003" },
  ];

  it("compares selections as sets", () => {
    expect(sameSelection(["1", "2"], ["2", "1"])).toBe(true);
    expect(sameSelection(["1"], ["1", "2"])).toBe(false);
    expect(sameSelection([], [])).toBe(true);
  });

  it("offers unselected pages matching the search", () => {
    expect(availablePages(pages, ["1"], "").map((p) => p._id)).toEqual(["2", "3"]);
    expect(availablePages(pages, ["1"], "acme").map((p) => p._id)).toEqual(["2"]);
    expect(availablePages(pages, [], "000003").map((p) => p._id)).toEqual(["3"]);
  });

  it("picks the right empty state", () => {
    expect(availableEmptyState({ loading: true, total: 0, available: 0, search: "" })).toBe("loading");
    expect(availableEmptyState({ loading: false, total: 0, available: 0, search: "" })).toBe("none");
    expect(availableEmptyState({ loading: false, total: 3, available: 0, search: "" })).toBe("all-assigned");
    expect(availableEmptyState({ loading: false, total: 3, available: 0, search: "zzz" })).toBe("no-match");
    expect(availableEmptyState({ loading: false, total: 3, available: 2, search: "" })).toBeNull();
  });

  it("names the submit button by the selection's size", () => {
    expect(assignButtonText(3)).toBe("Assign (3) Pages");
  });
});

describe("page health (beyond the spec)", () => {
  const now = Date.parse("2026-01-05T15:00:00Z");

  const checked = "2026-01-05T10:00:00Z";

  it("reports the state and the last webhook event", () => {
    expect(pageHealth({ tokenStatus: "valid", verifiedAt: checked, subscribedAt: checked, lastWebhookAt: "2026-01-05T14:55:00Z" }, now)).toEqual({
      state: "healthy",
      token: { ok: true, label: "Token valid" },
      webhook: { ok: true, label: "Last event 5 minutes ago" },
    });
    expect(pageHealth({ tokenStatus: "needs_token", verifiedAt: checked, subscribedAt: checked, lastWebhookAt: null }, now)).toEqual({
      state: "needs_token",
      token: { ok: false, label: "Needs new token" },
      webhook: { ok: false, label: "No events yet" },
    });
  });

  it("never says 'Token valid' for a token nobody checked", () => {
    expect(healthState({ tokenStatus: "valid", verifiedAt: null, subscribedAt: null })).toBe("unverified");
    expect(pageHealth({ tokenStatus: "valid" }, now).token).toEqual({ ok: false, label: "Not verified" });
    expect(healthState({ tokenStatus: "valid", verifiedAt: checked, subscribedAt: null })).toBe("not_subscribed");
    // A refused token outranks everything else.
    expect(healthState({ tokenStatus: "needs_token", verifiedAt: null, subscribedAt: null })).toBe("needs_token");
  });
});

describe("form failures show each message once", () => {
  it("a 409 duplicate e-mail goes on the field only; a 400 keeps 'Please fix the errors below'", () => {
    const duplicate = new ApiError(409, "A user with this email already exists", { fields: { email: "A user with this email already exists" } });
    expect(formFailure(duplicate, "Failed to create user. Please try again.")).toEqual({ fields: { email: "A user with this email already exists" }, message: "" });
    const invalid = new ApiError(400, "Validation failed", { fields: { name: "Name is required" } });
    expect(formFailure(invalid, "x")).toEqual({ fields: { name: "Name is required" }, message: "Please fix the errors below" });
    expect(formFailure(new ApiError(500, "Boom"), "Failed to create user. Please try again.").message).toBe("Boom");
  });
});
