import { describe, expect, it } from "vitest";
import { messagingWindow, offerMessagingType, windowForApi } from "@/lib/contract/messaging-window";
import { classifyGraphError, graphErrorFrom } from "@/server/integrations/meta/graph-errors";
import { isValidSignature, signatureFor } from "@/server/integrations/meta/webhook-signature";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";

const NOW = new Date("2026-11-22T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe("messaging window (docs/META.md)", () => {
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
    [100, 2018234, 400, "invalid_parameter"],
    [10, 2018300, 400, "not_thread_owner"],
    [200, undefined, 403, "permission_denied"],
    [230, undefined, 400, "permission_denied"],
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
  const item = (extra: object) => ({ sender: { id: "2002" }, recipient: { id: "1001" }, timestamp: 1000, ...extra });
  it("flattens every entry and messaging item, oldest first", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        { id: "1001", messaging: [item({ timestamp: 3000, message: { mid: "m3", text: "c" } })] },
        { id: "1001", messaging: [item({ timestamp: 1000, message: { mid: "m1", text: "a" } }), item({ timestamp: 2000, read: { watermark: 1500 } })] },
      ],
    });
    expect(events.map((e) => e.kind)).toEqual(["message", "read", "message"]);
  });
  it("swaps sender and recipient for echoes", () => {
    const [echo] = parseWebhookBody({ object: "page", entry: [{ id: "1001", messaging: [{ sender: { id: "1001" }, recipient: { id: "2002" }, timestamp: 1, message: { mid: "m", is_echo: true, text: "hi" } }] }] });
    expect(echo).toMatchObject({ kind: "message", pageId: "1001", psid: "2002", isEcho: true });
  });
  it("reads images, stickers, deliveries and postbacks; an unknown field is unsupported, an unreadable item invalid", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        {
          id: "1001",
          messaging: [
            item({ message: { mid: "m1", attachments: [{ type: "image", payload: { url: "https://cdn/x.jpg" } }] } }),
            item({ message: { mid: "m2", attachments: [{ type: "sticker", payload: { url: "https://cdn/s.png", sticker_id: 369239263222822 } }] } }),
            item({ delivery: { mids: ["m0"], watermark: 999 } }),
            item({ postback: { mid: "p1", title: "Get started", payload: "GO" } }),
            item({ optin: { ref: "spring" } }),
            item({ poll_vote: { option: 1 } }),
            { garbage: true },
          ],
        },
      ],
    });
    expect(events.map((e) => e.kind).sort()).toEqual(["delivery", "invalid", "message", "message", "postback", "system", "unsupported"]);
    expect(events.find((e) => e.kind === "system")).toMatchObject({ event: "optin", psid: "2002", summary: "Opted in via Send to Messenger · ref spring" });
    expect(events.find((e) => e.kind === "unsupported")).toMatchObject({ field: "poll_vote", psid: "2002" });
    expect(events.find((e) => e.kind === "invalid")).toMatchObject({ pageId: "1001", raw: { garbage: true }, reason: expect.stringMatching(/^unreadable messaging item: sender/) });
    expect(events.find((e) => e.kind === "message" && e.mid === "m2")).toMatchObject({ attachments: [{ stickerId: "369239263222822" }] });
  });
  it("other objects and malformed bodies are one invalid event (quarantined whole)", () => {
    expect(parseWebhookBody({ object: "whatsapp_business_account", entry: [] })).toEqual([{ kind: "invalid", pageId: null, reason: expect.stringMatching(/not a Page or Instagram webhook body/), raw: { object: "whatsapp_business_account", entry: [] } }]);
    expect(parseWebhookBody("nonsense")).toMatchObject([{ kind: "invalid", raw: "nonsense" }]);
  });
  it("reads reactions, edits, unsends, replies, quick replies, referrals and every attachment type", () => {
    const events = parseWebhookBody({
      object: "page",
      entry: [
        {
          id: "1001",
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

describe("webhook bodies as Meta's reference shows them (issue 27)", () => {
  const PAGE = "1001";
  const PSID = "2002";
  const parse = (entry: object[], receivedAt = 1_700_000_000_000) => parseWebhookBody({ object: "page", entry }, { receivedAt });

  it("reads standby[] beside messaging[], marking its events standby", () => {
    const events = parse([
      { id: PAGE, time: 1_700_000_000_500, standby: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1_700_000_000_100, message: { mid: "m_sb", text: "anyone?" } }] },
      { id: PAGE, time: 1_700_000_000_600, messaging: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1_700_000_000_200, message: { mid: "m_own", text: "hi" } }] },
    ]);
    expect(events).toMatchObject([{ kind: "message", mid: "m_sb", standby: true }, { kind: "message", mid: "m_own" }]);
    expect(events[1]).not.toHaveProperty("standby");
  });

  it("a delivery without timestamp takes the entry's time, else the receipt time; string and second timestamps are read", () => {
    const delivery = { sender: { id: PSID }, recipient: { id: PAGE }, delivery: { mids: ["mid.1458668856218:ed81099e15d3f4f233"], watermark: 1458668856253 } };
    expect(parse([{ id: PAGE, time: 1_700_000_000_999, messaging: [delivery] }])).toMatchObject([{ kind: "delivery", timestamp: 1_700_000_000_999, watermark: 1458668856253, mids: ["mid.1458668856218:ed81099e15d3f4f233"] }]);
    expect(parse([{ id: PAGE, messaging: [delivery] }], 1_700_000_123_000)).toMatchObject([{ kind: "delivery", timestamp: 1_700_000_123_000 }]);
    const [string] = parse([{ id: PAGE, messaging: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: "1458692752478", message: { mid: "m_s", text: "x" } }] }]);
    expect(string).toMatchObject({ kind: "message", timestamp: 1458692752478 });
    const [seconds] = parse([{ id: PAGE, messaging: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: "1527459824", postback: { mid: "m_p", title: "Start" } }] }]);
    expect(seconds).toMatchObject({ kind: "postback", timestamp: 1527459824000 });
  });

  it("a sender known only by user_ref is a guest; a checkbox opt-in has no sender at all", () => {
    const events = parse([
      {
        id: PAGE,
        time: 1_700_000_000_000,
        messaging: [
          { sender: { user_ref: "ref-guest" }, recipient: { id: PAGE }, timestamp: "1527459824", postback: { mid: "m_g", title: "Talk to us", payload: "P" } },
          { recipient: { id: PAGE }, timestamp: 1_700_000_000_001, optin: { ref: "checkout", user_ref: "ref-box" } },
        ],
      },
    ]);
    expect(events).toMatchObject([
      { kind: "guest", pageId: PAGE, userRef: "ref-guest", event: "postback", summary: "Guest wrote: Talk to us" },
      { kind: "guest", pageId: PAGE, userRef: "ref-box", event: "optin", summary: "Opted in (checkbox plugin)" },
    ]);
  });

  it("Page-level events have no sender: policy enforcement and app roles", () => {
    const events = parse([
      {
        id: PAGE,
        time: 1_700_000_000_000,
        messaging: [
          { recipient: { id: PAGE }, timestamp: 1458692752478, policy_enforcement: { action: "block", reason: "The bot violated our Platform Policies" } },
          { recipient: { id: PAGE }, timestamp: 1458692752479, app_roles: { "123456789": ["primary_receiver"] } },
        ],
      },
    ]);
    expect(events).toEqual([
      { kind: "policy", pageId: PAGE, timestamp: 1458692752478, action: "block", reason: "The bot violated our Platform Policies", raw: expect.anything() },
      { kind: "app_roles", pageId: PAGE, timestamp: 1458692752479, roles: { "123456789": ["primary_receiver"] }, raw: expect.anything() },
    ]);
  });

  it("thread-control changes are handovers; opt-ins, account linking, feedback and game plays are system events", () => {
    const item = (t: number, extra: object) => ({ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1_700_000_000_000 + t, ...extra });
    const events = parse([
      {
        id: PAGE,
        messaging: [
          item(1, { pass_thread_control: { previous_owner_app_id: null, new_owner_app_id: "123456789", metadata: "over to you" } }),
          item(2, { take_thread_control: { previous_owner_app_id: "123456789", metadata: "mine" } }),
          item(3, { request_thread_control: { requested_owner_app_id: 123456789, metadata: "please" } }),
          item(4, { optin: { type: "notification_messages", notification_messages_token: "tok", notification_messages_status: "STOP_NOTIFICATIONS", title: "Deals" } }),
          item(5, { account_linking: { status: "linked", authorization_code: "code" } }),
          item(6, { messaging_feedback: { feedback_screens: [{ screen_id: 0, questions: { q1: { type: "csat", payload: "4", follow_up: { type: "free_form", payload: "Quick help" } } } }] } }),
          item(7, { game_play: { game_id: "g", player_id: "p", context_type: "SOLO", score: 120, payload: "{}" } }),
        ],
      },
    ]);
    expect(events).toMatchObject([
      { kind: "handover", action: "pass_thread_control", newOwnerAppId: "123456789", metadata: "over to you", psid: PSID },
      { kind: "handover", action: "take_thread_control", previousOwnerAppId: "123456789" },
      { kind: "handover", action: "request_thread_control", requestedOwnerAppId: "123456789" },
      { kind: "system", event: "optin", summary: "Stopped notifications: “Deals”" },
      { kind: "system", event: "account_linking", summary: "Linked their account" },
      { kind: "system", event: "feedback", summary: "Sent feedback: CSAT 4 · “Quick help”" },
      { kind: "system", event: "game_play", summary: "Played a game · score 120" },
    ]);
    expect(events[0]).not.toHaveProperty("previousOwnerAppId");
  });

  it("ids must be Facebook ids: an item naming `../../x` is unreadable, its siblings are read", () => {
    const events = parse([
      {
        id: PAGE,
        time: 1_700_000_000_000,
        messaging: [
          { sender: { id: "../../x" }, recipient: { id: PAGE }, timestamp: 1_700_000_000_001, message: { mid: "m_bad", text: "x" } },
          { sender: { id: PSID }, recipient: { id: "page/../1" }, timestamp: 1_700_000_000_002, message: { mid: "m_bad2", text: "x" } },
          { sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1_700_000_000_003, message: { mid: "m_ok", text: "fine" } },
        ],
      },
      { id: "../etc", messaging: [{ sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1_700_000_000_004, message: { mid: "m_bad3" } }] },
    ]);
    expect(events.map((e) => (e.kind === "invalid" ? e.reason : e.kind))).toEqual([
      "unreadable messaging item: sender.id is not a Facebook id",
      "unreadable messaging item: recipient.id is not a Facebook id",
      "unreadable messaging item: entry.id is not a Facebook id",
      "message",
    ]);
  });

  it("attachments as captured: a null url, an upper-case URL, reels, posts and an appointment booking", () => {
    const [m] = parse([
      {
        id: PAGE,
        messaging: [
          {
            sender: { id: PSID },
            recipient: { id: PAGE },
            timestamp: 1_700_000_000_000,
            prior_message: { source: "checkbox_plugin", identifier: "ref-box" },
            message: {
              mid: "m_att",
              attachments: [
                { title: "Samsung Gear VR", url: null, type: "template", payload: { template_type: "receipt", elements: [{ title: "Samsung Gear VR", subtitle: "Frost White" }] } },
                { type: "fallback", payload: null, title: "A page", URL: "https://example.com/page" },
                { type: "reel", payload: { url: "https://www.facebook.com/reel/123", reel_video_id: 123 } },
                { type: "ig_post", payload: { url: "https://www.instagram.com/p/abc", title: "Our new shop" } },
                { type: "appointment_booking", payload: { booking_id: "b1", status: "confirmed", start_time: 1739612400, end_time: 1739616000, timezone: "America/Los_Angeles" } },
              ],
            },
          },
        ],
      },
    ]);
    expect(m).toMatchObject({
      kind: "message",
      priorUserRef: "ref-box",
      attachments: [
        { type: "template", title: "Samsung Gear VR", subtitle: "Frost White" },
        { type: "fallback", title: "A page", url: "https://example.com/page" },
        { type: "reel", url: "https://www.facebook.com/reel/123", videoId: "123" },
        { type: "ig_post", url: "https://www.instagram.com/p/abc", title: "Our new shop" },
        { type: "appointment_booking", booking: { id: "b1", status: "confirmed", start: 1739612400000, end: 1739616000000, timezone: "America/Los_Angeles" } },
      ],
    });
    expect((m as { attachments: { url?: string }[] }).attachments[0]).not.toHaveProperty("url");
  });
});
