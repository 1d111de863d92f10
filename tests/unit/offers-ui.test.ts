import { describe, expect, it } from "vitest";
import { ALL_DATES, dateRangeQuery, describeRange, formatCreatedAt, isToday, parseDay, todayRange, toDayValue } from "@/lib/offers/date-range";
import {
  audienceQuery,
  canSchedule,
  EMPTY_DRAFT,
  imageFileError,
  OFFER_MESSAGE_MAX,
  offerDraftError,
  scheduleRequest,
  switchOfferPage,
  switchOfferType,
  toggleTag,
  type OfferDraft,
} from "@/lib/offers/draft";
import { applyProgress, audienceLabel, clampPercent, formatPercent, offerActions, offerProgress, skippedExplanation, statusLabel } from "@/lib/offers/progress";
import { OFFER_TEXTS } from "@/lib/offers/texts";
import type { ScheduledOffer } from "@/lib/offers/types";

const png = () => new File([new Uint8Array([137, 80, 78, 71])], "offer.png", { type: "image/png" });
const image = () => ({ file: png(), previewUrl: "blob:preview" });

function offer(over: Partial<ScheduledOffer> = {}): ScheduledOffer {
  return {
    _id: "o1",
    page_name: "Acme Shoes",
    count: 40,
    messagesCount: 12,
    offerType: "general",
    created_by: "Adam Admin",
    created_at: "2026-11-19T10:00:00.000Z",
    type: "text",
    status: "running",
    skippedCount: 0,
    failedCount: 0,
    percent: 30,
    statusReason: null,
    ...over,
  };
}

describe("progress formatting (PRODUCT §4: sent count and percent)", () => {
  it("clamps and rounds percentages down to whole numbers", () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(42.9)).toBe(42);
    expect(clampPercent(99.99)).toBe(99);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(Number.NaN)).toBe(0);
    expect(formatPercent(66.67)).toBe("66%");
  });

  it("shows the sent count of the targeted count and the server's percent", () => {
    const p = offerProgress(offer({ count: 1200, messagesCount: 345, percent: 28.75 }));
    expect(p.label).toBe("345 / 1,200 sent");
    expect(p.percent).toBe(28);
    expect(p.sent).toBe(345);
    expect(p.total).toBe(1200);
  });

  it("computes the percent from sent, skipped and failed when the server sent none", () => {
    const p = offerProgress(offer({ count: 10, messagesCount: 3, skippedCount: 2, failedCount: 1, percent: undefined as unknown as number }));
    expect(p.processed).toBe(6);
    expect(p.percent).toBe(60);
  });

  it("reads 100 % once completed, even when everybody was skipped, and 0 % for an empty running offer", () => {
    expect(offerProgress(offer({ status: "completed", count: 5, messagesCount: 0, skippedCount: 5, percent: 99 })).percent).toBe(100);
    expect(offerProgress(offer({ status: "completed", count: 0, messagesCount: 0, percent: 0 })).percent).toBe(100);
    expect(offerProgress(offer({ status: "scheduled", count: 0, messagesCount: 0, percent: Number.NaN })).percent).toBe(0);
  });

  it("names statuses and offers pause/resume/cancel only while an offer is going", () => {
    expect(statusLabel("running")).toBe("Sending");
    expect(statusLabel("completed")).toBe("Completed");
    expect(offerActions("running")).toEqual(["pause", "cancel"]);
    expect(offerActions("paused")).toEqual(["resume", "cancel"]);
    expect(offerActions("scheduled")).toEqual(["pause", "cancel"]);
    expect(offerActions("completed")).toEqual([]);
    expect(offerActions("cancelled")).toEqual([]);
    expect(offerActions("failed")).toEqual([]);
  });

  it("describes the audience rule", () => {
    expect(audienceLabel({})).toBe("Everyone on the page");
    expect(audienceLabel({ tags: ["vip", "late"], exclude: false })).toBe("Labels: vip, late");
    expect(audienceLabel({ tags: ["vip"], exclude: true })).toBe("Everyone except: vip");
  });

  it("explains skipped people by the 24 h window, and mentions failures only when there are some", () => {
    expect(skippedExplanation({ skippedCount: 3, failedCount: 0 })).toMatch(/^3 skipped: outside the 24 h messaging window/);
    expect(skippedExplanation({ skippedCount: 3, failedCount: 0 })).not.toMatch(/failed/);
    expect(skippedExplanation({ skippedCount: 0, failedCount: 2 })).toMatch(/2 failed/);
  });

  it("merges a live offer-progress event into its row without letting counts go backwards", () => {
    const list = [offer({ _id: "a" }), offer({ _id: "b", messagesCount: 20, percent: 50 })];
    const next = applyProgress(list, { offerId: "b", sentCount: 25, skippedCount: 1, failedCount: 0, percent: 65, status: "running" });
    expect(next).not.toBe(list);
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toMatchObject({ messagesCount: 25, skippedCount: 1, percent: 65, status: "running" });

    const stale = applyProgress(next, { offerId: "b", sentCount: 22, skippedCount: 0, failedCount: 0, percent: 55, status: "running" });
    expect(stale[1]).toMatchObject({ messagesCount: 25, skippedCount: 1, percent: 65 });

    const done = applyProgress(next, { offerId: "b", sentCount: 40, skippedCount: 0, failedCount: 0, percent: 100, status: "completed" });
    expect(done[1]).toMatchObject({ messagesCount: 40, percent: 100, status: "completed" });

    const reason = applyProgress(next, { offerId: "b", sentCount: 25, skippedCount: 1, failedCount: 0, percent: 65, status: "paused", statusReason: "Paused by Adam Admin", count: 41 });
    expect(reason[1]).toMatchObject({ status: "paused", statusReason: "Paused by Adam Admin", count: 41 });

    expect(applyProgress(list, { offerId: "zzz", sentCount: 1, skippedCount: 0, failedCount: 0, percent: 1, status: "running" })).toBe(list);
  });
});

describe("date range → GET /api/offers?from=&to=", () => {
  it("turns local days into ISO instants covering the whole days", () => {
    const q = dateRangeQuery({ from: "2026-11-02", to: "2026-11-05" });
    expect(q.from).toBe(new Date(2026, 10, 2, 0, 0, 0, 0).toISOString());
    expect(q.to).toBe(new Date(2026, 10, 5, 23, 59, 59, 999).toISOString());
  });

  it("leaves out empty or invalid ends, and swaps reversed ones", () => {
    expect(dateRangeQuery(ALL_DATES)).toEqual({});
    expect(dateRangeQuery({ from: "2026-11-02", to: "" })).toEqual({ from: new Date(2026, 10, 2).toISOString() });
    expect(dateRangeQuery({ from: "", to: "2026-02-30" })).toEqual({});
    expect(dateRangeQuery({ from: "yesterday", to: "2026-11-02" })).toEqual({ to: new Date(2026, 10, 2, 23, 59, 59, 999).toISOString() });
    expect(dateRangeQuery({ from: "2026-11-09", to: "2026-11-02" })).toEqual(dateRangeQuery({ from: "2026-11-02", to: "2026-11-09" }));
  });

  it("parses only real calendar days", () => {
    expect(parseDay("2026-02-28")).toEqual({ y: 2026, m: 2, d: 28 });
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("2026-2-1")).toBeNull();
  });

  it("the Today shortcut covers today's local day", () => {
    const now = new Date(2026, 0, 5, 23, 30);
    expect(toDayValue(now)).toBe("2026-01-05");
    expect(todayRange(now)).toEqual({ from: "2026-01-05", to: "2026-01-05" });
    expect(isToday(todayRange(now), now)).toBe(true);
    expect(isToday({ from: "2026-01-05", to: "" }, now)).toBe(false);
    const q = dateRangeQuery(todayRange(now));
    expect(new Date(q.from!).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(new Date(q.to!).getTime()).toBeGreaterThan(now.getTime());
  });

  it("describes the range and formats the created-at column", () => {
    const now = new Date(2026, 10, 19, 12);
    expect(describeRange(ALL_DATES, now)).toBe("all dates");
    expect(describeRange(todayRange(now), now)).toBe("today");
    expect(describeRange({ from: "2026-11-02", to: "2026-11-05" }, now)).toBe("Nov 2, 2026 – Nov 5, 2026");
    expect(describeRange({ from: "2026-11-02", to: "" }, now)).toBe("since Nov 2, 2026");
    expect(formatCreatedAt(new Date(2026, 10, 19, 15, 30).toISOString())).toBe("Nov 19, 2026, 3:30 PM");
    expect(formatCreatedAt("nope")).toBe("N/A");
  });
});

describe("bulk offer draft (PRODUCT §4 type switch, §5 rules)", () => {
  const base: OfferDraft = { ...EMPTY_DRAFT, pageId: "p1" };

  it("switching to Image Only clears the message, switching to Text Only clears the image", () => {
    const text = { ...base, type: "text" as const, message: "20% off today" };
    const toImage = switchOfferType(text, "image");
    expect(toImage.draft).toMatchObject({ type: "image", message: "", image: null });
    expect(toImage.dropped).toBeNull();

    const img = image();
    const withImage = { ...base, type: "image" as const, image: img };
    const toText = switchOfferType(withImage, "text");
    expect(toText.draft).toMatchObject({ type: "text", message: "", image: null });
    expect(toText.dropped).toBe(img);
  });

  it("choosing the selected type again keeps the content; page, tags and exclude survive a switch", () => {
    const text = { ...base, type: "text" as const, message: "hello", tags: ["vip"], exclude: true };
    expect(switchOfferType(text, "text").draft).toBe(text);
    expect(switchOfferType(text, "image").draft).toMatchObject({ pageId: "p1", tags: ["vip"], exclude: true });
  });

  it("a new page drops the chosen labels", () => {
    const d = { ...base, tags: ["vip"] };
    expect(switchOfferPage(d, "p2")).toMatchObject({ pageId: "p2", tags: [] });
    expect(switchOfferPage(d, "p1")).toBe(d);
  });

  it("validates in the spec's order with the spec's texts", () => {
    expect(offerDraftError(EMPTY_DRAFT)).toBe(OFFER_TEXTS.pageAndTypeRequired);
    expect(offerDraftError({ ...EMPTY_DRAFT, type: "text", message: "hi" })).toBe("Please select a page and offer type");
    expect(offerDraftError(base)).toBe("Please select a page and offer type");
    expect(offerDraftError({ ...base, type: "text", message: "   \n " })).toBe("Please enter a message");
    expect(offerDraftError({ ...base, type: "image" })).toBe("Please select an image");
    expect(offerDraftError({ ...base, type: "text", message: "x".repeat(OFFER_MESSAGE_MAX + 1) })).toMatch(/less than 2000 characters/);
    expect(canSchedule({ ...base, type: "text", message: " 20% off " })).toBe(true);
    expect(canSchedule({ ...base, type: "image", image: image() })).toBe(true);
    expect(canSchedule({ ...base, type: "text", message: "" })).toBe(false);
  });

  it("accepts image files only ('Please select a valid image file')", () => {
    expect(imageFileError(png())).toBeNull();
    expect(imageFileError(new File(["%PDF"], "offer.pdf", { type: "application/pdf" }))).toBe("Please select a valid image file");
    expect(imageFileError(new File(["x"], "noext", { type: "" }))).toBe("Please select a valid image file");
    expect(imageFileError(null)).toBe("Please select a valid image file");
    expect(imageFileError(new File(["<svg/>"], "a.svg", { type: "image/svg+xml" }))).toMatch(/^Please select a valid image file/);
    expect(imageFileError({ type: "image/jpeg", size: 9 * 1024 * 1024 })).toMatch(/at most 8 MB/);
  });

  it("schedules with /offers/schedule without labels and /offers/schedule-label with them", () => {
    const plain = scheduleRequest({ ...base, type: "text", message: "  20% off  ", exclude: true });
    expect(plain).toEqual({ path: "/offers/schedule", body: { pageId: "p1", type: "text", tags: [], message: "20% off", exclude: false, includeSpam: false } });

    const labelled = scheduleRequest({ ...base, type: "text", message: "hi", tags: ["VIP", "vip", " Late "], exclude: true });
    expect(labelled.path).toBe("/offers/schedule-label");
    expect(labelled.body).toEqual({ pageId: "p1", type: "text", tags: ["vip", "late"], message: "hi", exclude: true, includeSpam: false });
    expect(scheduleRequest({ ...base, type: "text", message: "hi", includeSpam: true }).body.includeSpam).toBe(true);

    const img = scheduleRequest({ ...base, type: "image", image: image(), tags: ["vip"] }, "https://app/api/uploads/a.png");
    expect(img).toEqual({ path: "/offers/schedule-label", body: { pageId: "p1", type: "image", tags: ["vip"], message: "", exclude: false, includeSpam: false, imageUrl: "https://app/api/uploads/a.png" } });
  });

  it("builds the audience preview query and toggles tags case-insensitively", () => {
    expect(audienceQuery(EMPTY_DRAFT)).toBeNull();
    expect(audienceQuery({ pageId: "p1", tags: [], exclude: true })).toEqual({ pageId: "p1", tags: "[]", exclude: "false" });
    expect(audienceQuery({ pageId: "p1", tags: ["vip", "late"], exclude: true })).toEqual({ pageId: "p1", tags: '["late","vip"]', exclude: "true" });
    expect(toggleTag([], "VIP")).toEqual(["vip"]);
    expect(toggleTag(["vip", "late"], "Vip")).toEqual(["late"]);
  });
});
