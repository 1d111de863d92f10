import { describe, expect, it } from "vitest";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";
import { fitsInstagram } from "@/lib/inbox/channels";

// Instagram Direct bodies (docs/WEBHOOKS.md, "Instagram"): the same parser, `object: "instagram"`, the
// Instagram account as entry id and page side, IGSIDs as people, Instagram's own fields.

const ig = (...messaging: unknown[]) => ({ object: "instagram", entry: [{ id: "17841400000000001", time: 1700000000000, messaging }] });
const from = (fields: object) => ({ sender: { id: "6000000000000001" }, recipient: { id: "17841400000000001" }, timestamp: 1700000000000, ...fields });

describe("Instagram webhook bodies", () => {
  it("every event of an instagram body is on the instagram channel, the account as its page, the IGSID as its person", () => {
    const [event] = parseWebhookBody(ig(from({ message: { mid: "m1", text: "hi" } })));
    expect(event).toMatchObject({ kind: "message", channel: "instagram", pageId: "17841400000000001", psid: "6000000000000001", text: "hi", isUnsupported: false });
    expect(parseWebhookBody({ object: "page", entry: [{ id: "1", messaging: [{ sender: { id: "2" }, recipient: { id: "1" }, timestamp: 1, message: { mid: "x" } }] }] })[0]).toMatchObject({ channel: "messenger" });
  });

  it("an echo sent by the Instagram account: the account is the page side", () => {
    const [event] = parseWebhookBody(ig({ sender: { id: "17841400000000001" }, recipient: { id: "6000000000000001" }, timestamp: 1, message: { mid: "m2", text: "ours", is_echo: true } }));
    expect(event).toMatchObject({ kind: "message", isEcho: true, pageId: "17841400000000001", psid: "6000000000000001" });
  });

  it("a story reply carries its story as a story_reply attachment; a mention is an attachment of its own", () => {
    const [reply] = parseWebhookBody(ig(from({ message: { mid: "m3", text: "nice", reply_to: { story: { url: "https://lookaside.fbsbx.com/s?1", id: "179" } } } })));
    expect(reply).toMatchObject({ kind: "message", text: "nice", attachments: [{ type: "story_reply", url: "https://lookaside.fbsbx.com/s?1", storyId: "179" }] });
    expect(reply).not.toHaveProperty("replyToMid");
    const [mention] = parseWebhookBody(ig(from({ message: { mid: "m4", attachments: [{ type: "story_mention", payload: { url: "https://lookaside.fbsbx.com/s?2" } }] } })));
    expect(mention).toMatchObject({ attachments: [{ type: "story_mention", url: "https://lookaside.fbsbx.com/s?2" }] });
  });

  it("is_unsupported is read; a seen receipt names a message instead of a watermark", () => {
    expect(parseWebhookBody(ig(from({ message: { mid: "m5", is_unsupported: true } })))[0]).toMatchObject({ kind: "message", isUnsupported: true });
    expect(parseWebhookBody(ig(from({ read: { mid: "m6" } })))[0]).toMatchObject({ kind: "read", mid: "m6", watermark: 1700000000000 });
    expect(parseWebhookBody(ig(from({ read: {} })))[0]).toMatchObject({ kind: "invalid", reason: expect.stringMatching(/^unreadable messaging item: read/) });
  });

  it("Instagram's 1000-byte text limit counts bytes, not characters", () => {
    expect(fitsInstagram("a".repeat(1000))).toBe(true);
    expect(fitsInstagram("a".repeat(1001))).toBe(false);
    expect(fitsInstagram("é".repeat(501))).toBe(false);
  });
});
