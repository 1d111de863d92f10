import { describe, expect, it } from "vitest";
import { ZOfferListQuery, ZOfferPreviewQuery, ZScheduleLabelOffer, ZScheduleOffer } from "@/lib/schemas/offers";
import { offerPercent, toProgressEvent } from "@/server/services/offers/serialize";

// The bulk offer rules of PRODUCT §5 as the handlers apply them, and the progress arithmetic.

const firstError = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe("schedule body (PRODUCT §5 Bulk offer)", () => {
  it.each([
    [{}, "Please select a page and offer type"],
    [{ pageId: "p" }, "Please select a page and offer type"],
    [{ pageId: "  ", type: "text", message: "hi" }, "Please select a page and offer type"],
    [{ pageId: "p", type: "video", message: "hi" }, "Please select a page and offer type"],
    [{ pageId: "p", type: "text" }, "Please enter a message"],
    [{ pageId: "p", type: "text", message: " \n " }, "Please enter a message"],
    [{ pageId: "p", type: "image", message: "hi" }, "Please select an image"],
    [{ pageId: "p", type: "image", imageUrl: "javascript:alert(1)" }, "The image must be an uploaded image's http(s) URL"],
    [{ pageId: "p", type: "text", message: "x".repeat(2000) }, "The message must be less than 2000 characters"],
  ])("case %# → %s", (body, text) => {
    expect(firstError(ZScheduleOffer, body)).toBe(text);
  });

  it("normalises: tags trimmed, lowercased, once; exclude only with tags; image offers carry no text", () => {
    expect(ZScheduleOffer.parse({ pageId: "p", type: "text", tags: [" VIP", "vip", "Lead "], message: " Hi ", exclude: true })).toEqual({
      pageId: "p", type: "text", tags: ["vip", "lead"], exclude: true, includeSpam: false, message: "Hi", imageUrl: null,
    });
    expect(ZScheduleOffer.parse({ pageId: "p", type: "text", tags: [], message: "Hi", exclude: true }).exclude).toBe(false);
    expect(ZScheduleOffer.parse({ pageId: "p", type: "image", message: "dropped", imageUrl: "https://x.test/a.png" })).toMatchObject({ message: null, imageUrl: "https://x.test/a.png" });
    expect(firstError(ZScheduleLabelOffer, { pageId: "p", type: "text", tags: [], message: "Hi" })).toBe("Please select at least one label");
  });

  it("list and preview queries", () => {
    expect(ZOfferListQuery.parse({ from: "2026-11-01", to: "" })).toEqual({ from: "2026-11-01", to: undefined });
    expect(ZOfferListQuery.safeParse({ from: "2026-02-30" }).success).toBe(false);
    expect(ZOfferListQuery.safeParse({ to: "2026-11-01T23:59:59.999+01:00" }).success).toBe(true);
    expect(ZOfferPreviewQuery.parse({ pageId: "p", tags: '["VIP"," lead "]', exclude: "true" })).toEqual({ pageId: "p", tags: ["vip", "lead"], exclude: true });
    expect(ZOfferPreviewQuery.parse({ pageId: "p", tags: "vip,,lead" })).toEqual({ pageId: "p", tags: ["vip", "lead"], exclude: false });
    expect(ZOfferPreviewQuery.safeParse({ pageId: "p", tags: "[1]" }).success).toBe(false);
  });
});

describe("progress", () => {
  const row = { id: "o", pageId: "p", statusReason: null, targetCount: 40, sentCount: 9, skippedCount: 2, failedCount: 1 };
  it("percent is handled ÷ targeted, rounded down, 100 only when completed", () => {
    expect(offerPercent({ ...row, status: "running" })).toBe(30);
    expect(offerPercent({ ...row, status: "running", sentCount: 36, skippedCount: 3, failedCount: 0 })).toBe(97);
    expect(offerPercent({ ...row, status: "running", sentCount: 39, skippedCount: 0, failedCount: 0 })).toBe(97);
    expect(offerPercent({ ...row, status: "completed", targetCount: 0 })).toBe(100);
    expect(offerPercent({ ...row, status: "scheduled", targetCount: 0, sentCount: 0, skippedCount: 0, failedCount: 0 })).toBe(0);
  });

  it("the socket event carries what the scheduled-offers screen merges", () => {
    expect(toProgressEvent({ ...row, status: "running" })).toEqual({
      offerId: "o", _id: "o", pageId: "p", status: "running", statusReason: null, count: 40, sentCount: 9, messagesCount: 9, skippedCount: 2, failedCount: 1, percent: 30,
    });
  });
});
