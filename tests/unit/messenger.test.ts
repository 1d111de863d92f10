import { describe, expect, it } from "vitest";
import { messagingWindow, offerMessagingType, windowForApi } from "@/server/messenger/messaging-window";
import { classifyGraphError, graphErrorFrom } from "@/server/messenger/graph-errors";
import { isValidSignature, signatureFor } from "@/server/messenger/webhook-signature";
import { parseWebhookBody } from "@/server/messenger/webhook-events";

const NOW = new Date("2026-11-22T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe("messaging window (GUIDE §3)", () => {
  it("RESPONSE inside 24 h", () => {
    expect(messagingWindow(hoursAgo(23.9), NOW)).toMatchObject({ state: "open", messagingType: "RESPONSE" });
  });
  it("MESSAGE_TAG + HUMAN_AGENT from 24 h to 7 d", () => {
    expect(messagingWindow(hoursAgo(24), NOW)).toMatchObject({ state: "human_agent", messagingType: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
    expect(messagingWindow(hoursAgo(7 * 24 - 0.1), NOW)).toMatchObject({ state: "human_agent" });
  });
  it("closed after 7 d and before the customer ever wrote", () => {
    expect(messagingWindow(hoursAgo(7 * 24), NOW).state).toBe("closed");
    expect(messagingWindow(null, NOW).state).toBe("closed");
  });
  it("offers only inside 24 h, as UPDATE, never tagged", () => {
    expect(offerMessagingType(hoursAgo(2), NOW)).toBe("UPDATE");
    expect(offerMessagingType(hoursAgo(25), NOW)).toBeNull();
    expect(offerMessagingType(null, NOW)).toBeNull();
  });
  it("exposes when the window closes", () => {
    expect(windowForApi(hoursAgo(1), NOW)).toEqual({ state: "open", closes_at: "2026-11-23T11:00:00.000Z", reason: null });
  });
});

describe("Graph API error mapping", () => {
  it.each([
    [551, undefined, 400, "person_unavailable"],
    [10, 2018278, 400, "outside_window"],
    [190, undefined, 400, "token_invalid"],
    [613, undefined, 400, "rate_limited"],
    [4, undefined, 400, "rate_limited"],
    [17, undefined, 400, "rate_limited"],
    [32, undefined, 400, "rate_limited"],
    [2, undefined, 500, "transient"],
    [1200, undefined, 400, "transient"],
    [undefined, undefined, 503, "transient"],
    [100, undefined, 400, "invalid_parameter"],
    [12345, undefined, 400, "unknown"],
  ] as const)("code %s/%s (HTTP %s) → %s", (code, subcode, status, kind) => {
    expect(classifyGraphError(code, subcode, status)).toBe(kind);
  });
  it("reads Meta's error body", () => {
    const error = graphErrorFrom({ error: { message: "(#551) This person isn't available right now.", code: 551, error_subcode: 1545041 } }, 400);
    expect(error).toMatchObject({ kind: "person_unavailable", code: 551, retryable: false });
    expect(graphErrorFrom(undefined, 502)).toMatchObject({ kind: "transient", retryable: true });
  });
});

describe("webhook signature", () => {
  it("accepts only the HMAC of the exact bytes", () => {
    const body = '{"object":"page","entry":[]}';
    const header = signatureFor(body, "secret");
    expect(isValidSignature(body, header, "secret")).toBe(true);
    expect(isValidSignature(body + " ", header, "secret")).toBe(false);
    expect(isValidSignature(body, header, "other")).toBe(false);
    expect(isValidSignature(body, null, "secret")).toBe(false);
    expect(isValidSignature(body, header.replace("sha256=", "sha1="), "secret")).toBe(false);
  });
});

describe("webhook body parsing", () => {
  const item = (extra: object) => ({ sender: { id: "psid-1" }, recipient: { id: "page-1" }, timestamp: 1000, ...extra });
  it("flattens every entry and messaging item, oldest first", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        { id: "page-1", messaging: [item({ timestamp: 3000, message: { mid: "m3", text: "c" } })] },
        { id: "page-1", messaging: [item({ timestamp: 1000, message: { mid: "m1", text: "a" } }), item({ timestamp: 2000, read: { watermark: 1500 } })] },
      ],
    });
    expect(events.map((e) => e.kind)).toEqual(["message", "read", "message"]);
  });
  it("swaps sender and recipient for echoes", () => {
    const [echo] = parseWebhookBody({ object: "page", entry: [{ id: "page-1", messaging: [{ sender: { id: "page-1" }, recipient: { id: "psid-1" }, timestamp: 1, message: { mid: "m", is_echo: true, text: "hi" } }] }] });
    expect(echo).toMatchObject({ kind: "message", pageId: "page-1", psid: "psid-1", isEcho: true });
  });
  it("reads images, stickers, deliveries and postbacks; an unknown field is unsupported, an unreadable item invalid", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        {
          id: "page-1",
          messaging: [
            item({ message: { mid: "m1", attachments: [{ type: "image", payload: { url: "https://cdn/x.jpg" } }] } }),
            item({ message: { mid: "m2", attachments: [{ type: "sticker", payload: { url: "https://cdn/s.png", sticker_id: 369239263222822 } }] } }),
            item({ delivery: { mids: ["m0"], watermark: 999 } }),
            item({ postback: { mid: "p1", title: "Get started", payload: "GO" } }),
            item({ optin: {} }),
            { garbage: true },
          ],
        },
      ],
    });
    expect(events.map((e) => e.kind).sort()).toEqual(["delivery", "invalid", "message", "message", "postback", "unsupported"]);
    expect(events.find((e) => e.kind === "unsupported")).toMatchObject({ field: "optin", psid: "psid-1" });
    expect(events.find((e) => e.kind === "invalid")).toMatchObject({ pageId: "page-1", raw: { garbage: true }, reason: expect.stringMatching(/^unreadable messaging item: sender/) });
    expect(events.find((e) => e.kind === "message" && e.mid === "m2")).toMatchObject({ attachments: [{ stickerId: "369239263222822" }] });
  });
  it("other objects and malformed bodies are one invalid event (quarantined whole)", () => {
    expect(parseWebhookBody({ object: "instagram", entry: [] })).toEqual([{ kind: "invalid", pageId: null, reason: expect.stringMatching(/not a Page webhook body/), raw: { object: "instagram", entry: [] } }]);
    expect(parseWebhookBody("nonsense")).toMatchObject([{ kind: "invalid", raw: "nonsense" }]);
  });
  it("reads reactions, edits, unsends, replies, quick replies, referrals and every attachment type", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        {
          id: "page-1",
          messaging: [
            item({ timestamp: 1, reaction: { mid: "m1", action: "react", reaction: "love", emoji: "❤️" } }),
            item({ timestamp: 2, message_edit: { mid: "m1", text: "new", num_edit: 2 } }),
            item({ timestamp: 3, message: { mid: "m1", is_deleted: true } }),
            item({ timestamp: 4, message: { mid: "m2", text: "this", reply_to: { mid: "m1" }, quick_reply: { payload: "P" } } }),
            item({ timestamp: 5, referral: { ref: "r", source: "SHORTLINK", type: "OPEN_THREAD" } }),
            item({
              timestamp: 6,
              message: {
                mid: "m3",
                attachments: [
                  { type: "location", payload: { coordinates: { lat: 1.5, long: 2.5 } } },
                  { type: "fallback", title: "A link", url: "https://example.com", payload: null },
                  { type: "file", payload: { url: "https://cdn.fbsbx.com/a.pdf" } },
                ],
              },
            }),
          ],
        },
      ],
    });
    expect(events).toMatchObject([
      { kind: "reaction", mid: "m1", action: "react", emoji: "❤️", reaction: "love" },
      { kind: "edit", mid: "m1", text: "new", numEdit: 2 },
      { kind: "message", mid: "m1", isDeleted: true },
      { kind: "message", mid: "m2", replyToMid: "m1", quickReplyPayload: "P" },
      { kind: "referral", referral: { ref: "r", source: "SHORTLINK", type: "OPEN_THREAD" } },
      { kind: "message", attachments: [{ type: "location", lat: 1.5, long: 2.5 }, { type: "fallback", title: "A link", url: "https://example.com" }, { type: "file", url: "https://cdn.fbsbx.com/a.pdf" }] },
    ]);
  });
});
