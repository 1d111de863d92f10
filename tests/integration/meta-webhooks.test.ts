import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import { startWebhookDrain, type WebhookDrain } from "@/workers/inbound/drain";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeStaffPage } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { postSigned } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// Meta's own webhook bodies (tests/fixtures/meta-webhooks: the examples of Meta's Messenger webhook
// reference and payloads captured by open-source Messenger libraries, with their quirks — no timestamp,
// a string or second timestamp, user_ref instead of an id, no sender, standby[], several entries), each
// replayed through the real path: a signed POST to the webhook, stored, processed by the worker's drain,
// then read back through the thread API and the socket an agent has open. None of them is quarantined,
// and none that is not the customer writing counts as unread or moves the conversation in the list.

const FIXTURES = path.join(__dirname, "../fixtures/meta-webhooks");
type ApiMessage = Record<string, unknown> & { id: string; mid: string | null; message: string; kind: string };

let app: Awaited<ReturnType<typeof startRealServer>>;
let drain: WebhookDrain;
let page: Awaited<ReturnType<typeof makeStaffPage>>["page"];
let token: string;
let socket: Awaited<ReturnType<typeof openSocket>>;
/** Someone who wrote before, and (newer, at the top of the list) someone else. */
let person: Awaited<ReturnType<typeof makeConversation>>;
let top: Awaited<ReturnType<typeof makeConversation>>;

beforeEach(async () => {
  ({ page, token } = await makeStaffPage());
  person = await makeConversation(page.id, { unread: 0, at: new Date(Date.now() - 3_600_000), lastMessage: "earlier" });
  top = await makeConversation(page.id, { unread: 0, at: new Date(Date.now() - 60_000), lastMessage: "most recent" });
  app = await startRealServer({ realtime: true });
  drain = startWebhookDrain({ log: () => {} });
  socket = await openSocket(app.url, token);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
  expect(await socket.emit("join-conversation", { room: person.conversation.id })).toMatchObject({ ok: true });
});

afterAll(async () => {
  await queue().close();
});

afterEach(async () => {
  socket.close();
  await settled();
  await drain.stop();
  await app.close();
});

const settled = () => eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);

/** A fixture with its placeholders filled: Meta's `<PAGE_ID>`, `<PSID>`… become this test's ids. */
function fixture(name: string, vars: Record<string, string | number> = {}): string {
  let raw = readFileSync(path.join(FIXTURES, `${name}.json`), "utf8");
  const values: Record<string, string | number> = { PAGE_ID: page.facebookPageId, PSID: person.customer.psid, APP_ID: process.env.META_APP_ID!, USER_REF: "guest-ref-1", BOOKING_ID: "bk-77", ...vars };
  for (const [key, value] of Object.entries(values)) {
    // A number placeholder stands for a JSON number: its quotes go too.
    raw = typeof value === "number" ? raw.replaceAll(`"<${key}>"`, String(value)) : raw.replaceAll(`<${key}>`, value);
  }
  // Meta's own example strings (`<DEVELOPER_DEFINED_PAYLOAD>`…) stay; the ids and numbers must be filled.
  expect(raw).not.toMatch(/<(PAGE_ID|PSID|APP_ID|TARGET_MID|DELIVERED_MID|WATERMARK)>/);
  return raw;
}

async function deliver(name: string, vars?: Record<string, string | number>) {
  const res = await postSigned(app.url, fixture(name, vars));
  expect(res.status).toBe(200);
  await settled();
  const [stored] = await db.webhookEvent.findMany({ orderBy: { id: "desc" }, take: 1 });
  expect(stored!.error, `${name}: nothing quarantined`).toBeNull();
  expect(await db.webhookQuarantine.count()).toBe(0);
}

async function thread(conversationId = person.conversation.id): Promise<ApiMessage[]> {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId, pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function list(): Promise<Record<string, unknown>[]> {
  const res = await call(listRoute.GET, "GET", "/api/conversations/x", { token, params: { pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function socketEvent(name: string, ok: (payload: Record<string, unknown>) => boolean) {
  const found = await eventually(() => socket.events.find((e) => e.name === name && ok(e.payload as Record<string, unknown>)), Boolean);
  expect(found, name).toBeTruthy();
  return found!.payload as Record<string, unknown>;
}

/** The list exactly as before and the person's row untouched: what a system event must leave alone. */
async function expectListUntouched(before: Record<string, unknown>[]) {
  expect(before.map((r) => r.id)).toEqual([top.conversation.id, person.conversation.id]);
  expect(await list()).toEqual(before);
  expect((await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).unreadCount).toBe(0);
}

it("every fixture file has a test here", () => {
  const covered = new Set([...MESSAGE_CASES.map((c) => c.fixture), ...SYSTEM_CASES.map((c) => c.fixture), ...OTHERS]);
  const files = readdirSync(FIXTURES).map((f) => f.replace(/\.json$/, ""));
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});

/** Each from a person writing for the first time, so the list row shows what this one fixture made of it. */
type MessageCase = { fixture: string; mid: string; expect: Record<string, unknown>; preview: string; unread: number };
const MESSAGE_CASES: MessageCase[] = [
  { fixture: "messages-text-quick-reply", mid: "mid.1457764197618:41d102a3e1ae206a38", expect: { kind: "quick_reply", message: "hello, world!", payload: "<DEVELOPER_DEFINED_PAYLOAD>" }, preview: "hello, world!", unread: 1 },
  { fixture: "messages-reply-to", mid: "m_1457764197618:41d102a3e1ae206a38", expect: { kind: "text", reply_to: { mid: "m_1fTq8oLumEyIp3Q2MR-aY7IfLZDamVrALniheU", found: false, message: null, kind: null, from_me: null } }, preview: "hello, world!", unread: 1 },
  { fixture: "messages-attachment-image", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_image", expect: { kind: "image", is_image: true }, preview: "", unread: 1 },
  { fixture: "messages-attachment-video", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_video", expect: { kind: "video", media: [{ type: "video" }] }, preview: "Video", unread: 1 },
  { fixture: "messages-attachment-audio", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_audio", expect: { kind: "audio" }, preview: "Voice message", unread: 1 },
  { fixture: "messages-attachment-file", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_file", expect: { kind: "file", media: [{ name: "Invoice_March.pdf" }] }, preview: "File: Invoice_March.pdf", unread: 1 },
  { fixture: "messages-attachment-sticker", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_stick", expect: { kind: "sticker", is_sticker: true, sticker_id: "369239263222822" }, preview: "Sticker", unread: 1 },
  {
    fixture: "messages-attachment-reel",
    mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_reel",
    expect: { kind: "reel", is_unsupported: false, media: [{ type: "reel", video_id: "1234567890123456", original_url: "https://video.xx.fbcdn.net/v/t42.1790-2/reel.mp4?oh=1&oe=2" }] },
    preview: "Shared a reel",
    unread: 1,
  },
  { fixture: "messages-attachment-ig-reel", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_igreel", expect: { kind: "ig_reel", media: [{ type: "ig_reel", title: "New drop this Friday", video_id: "17900000000000000" }] }, preview: "Instagram reel: New drop this Friday", unread: 1 },
  { fixture: "messages-attachment-post", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_post", expect: { kind: "post", media: [{ type: "post", title: "We are open on Sunday", url: "https://www.facebook.com/100064000000000/posts/pfbid0abc" }] }, preview: "Shared a post: We are open on Sunday", unread: 1 },
  { fixture: "messages-attachment-ig-post", mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_igpost", expect: { kind: "ig_post", media: [{ type: "ig_post", title: "Spring collection" }] }, preview: "Shared an Instagram post: Spring collection", unread: 1 },
  {
    fixture: "messages-attachment-appointment-booking",
    mid: "mid.$cAAJdkrCd2ORnva8ErFhjGm0X_Q_booking",
    expect: { kind: "appointment_booking", media: [{ type: "appointment_booking", booking: { id: "bk-77", status: "confirmed", start: "2025-02-15T09:40:00.000Z", end: "2025-02-15T10:40:00.000Z", timezone: "America/Los_Angeles" } }] },
    preview: "Appointment confirmed",
    unread: 1,
  },
  { fixture: "messages-attachment-fallback-location", mid: "mid.1458696618141:b4ef9d19ec21086067", expect: { kind: "mixed", media: [{ type: "fallback", url: "https://example.com/catalogue" }, { type: "location", coordinates: { lat: 52.3765533, long: 9.7389123 } }] }, preview: "Shared: <TITLE_OF_THE_URL_ATTACHMENT>", unread: 1 },
  { fixture: "message-echoes-text", mid: "mid.1457764197618:41d102a3e1ae206a38_echo", expect: { direction: "outbound", is_echo: true, message: "hello, text message world!" }, preview: "hello, text message world!", unread: 0 },
  { fixture: "message-echoes-template", mid: "mid.1480199999925:83392d9f65", expect: { direction: "outbound", kind: "template", media: [{ type: "template", title: "Samsung Gear VR, Oculus Rift", url: null }] }, preview: "Shared: Samsung Gear VR, Oculus Rift", unread: 0 },
  { fixture: "messaging-postbacks", mid: "m_AG5Hz2Uq7tuwNEhXfYYKj8mJEM_QPpz5jdCK48PnKAjSdjfipqxqMvK8ma6AC8fplwlqLP_5cgXIbu7I3rBN0P", expect: { kind: "postback", message: "Get Started", payload: "GET_STARTED" }, preview: "Get Started", unread: 1 },
  { fixture: "standby", mid: "mid.1457764197618:standby000000000001", expect: { kind: "text", message: "is anyone there?", direction: "inbound" }, preview: "is anyone there?", unread: 1 },
];

describe("messages, echoes, postbacks and standby: a row in the thread, live on the socket, in the list", () => {
  for (const c of MESSAGE_CASES) {
    it(c.fixture, async () => {
      await deliver(c.fixture, { PSID: "7000000000000042" });
      const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).mid === c.mid)) as { message: ApiMessage; conversation: Record<string, unknown>; conversationId: string };
      expect(live.message).toMatchObject(c.expect);
      const stored = (await thread(live.conversationId)).find((m) => m.mid === c.mid);
      expect(stored).toEqual(live.message);
      const row = (await list()).find((r) => r.id === live.conversationId);
      expect(row).toMatchObject({ last_message: c.preview, unread_count: c.unread, from_id: "7000000000000042" });
    });
  }

  it("messaging-referrals: a context line, not the customer writing", async () => {
    const before = await list();
    await deliver("messaging-referrals");
    const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).kind === "referral")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ referral: { source: "SHORTLINK", ref: "<REF_DATA_PASSED_IN_M.ME_PARAM>" } });
    expect((await thread()).map((m) => m.kind)).toContain("referral");
    // Older than the conversation's last message (Meta's example time): neither unread nor a move.
    await expectListUntouched(before);
  });
});

type SystemCase = { fixture: string; lines: string[]; event: string };
const SYSTEM_CASES: SystemCase[] = [
  { fixture: "messaging-optins-notification-messages", lines: ["Resumed notifications: “Weekly deals”"], event: "optin" },
  { fixture: "messaging-optins-send-to-messenger", lines: ["Opted in via Send to Messenger · ref PASS_THROUGH_PARAM"], event: "optin" },
  { fixture: "messaging-account-linking", lines: ["Linked their account", "Unlinked their account"], event: "account_linking" },
  { fixture: "messaging-feedback", lines: ["Sent feedback: CSAT 4 · “Quick and friendly”"], event: "feedback" },
  { fixture: "messaging-game-plays", lines: ["Played a game · score 120"], event: "game_play" },
];

describe("opt-ins, account linking, feedback and game plays: quiet lines, never unread, never reordering", () => {
  for (const c of SYSTEM_CASES) {
    it(c.fixture, async () => {
      const before = await list();
      await deliver(c.fixture);
      for (const line of c.lines) {
        const live = await socketEvent("system-event", (p) => (p.message as ApiMessage).message === line);
        expect(live).toMatchObject({ conversationId: person.conversation.id, message: { kind: "system", payload: c.event, direction: "inbound", mid: null } });
      }
      const lines = (await thread()).filter((m) => m.kind === "system");
      expect(lines.map((m) => m.message).sort()).toEqual([...c.lines].sort());
      await expectListUntouched(before);
      expect(socket.events.filter((e) => e.name === "new-message")).toEqual([]);
    });
  }

  it("a system event of someone who never wrote creates no conversation; it shows once they write", async () => {
    const before = await list();
    await deliver("messaging-game-plays", { PSID: "7000000000000077" });
    expect(await db.customer.count({ where: { psid: "7000000000000077" } })).toBe(0);
    expect(await list()).toEqual(before);
    await deliver("messages-text-quick-reply", { PSID: "7000000000000077" });
    const row = (await list()).find((r) => r.from_id === "7000000000000077")!;
    expect(row).toMatchObject({ last_message: "hello, world!", unread_count: 1 });
    // Meta's example times: the game (2016-07) is newer than the message (2016-03), so it comes first (newest first).
    expect((await thread(row.id as string)).map((m) => [m.kind, m.message])).toEqual([
      ["system", "Played a game · score 120"],
      ["quick_reply", "hello, world!"],
    ]);
  });
});

const OTHERS = [
  "messaging-postbacks-user-ref",
  "messaging-optins-checkbox",
  "message-deliveries",
  "message-reads",
  "message-reactions",
  "message-edits",
  "messaging-referrals",
  "messaging-handovers-pass",
  "messaging-handovers-take",
  "messaging-handovers-request",
  "messaging-handovers-app-roles",
  "messaging-policy-enforcement",
  "batch-several-entries",
];

describe("guests known only by user_ref", () => {
  it("a guest's postback (string timestamp in seconds) and a checkbox opt-in without a sender are kept with the user_ref, no conversation; a message naming the user_ref brings them into its thread", async () => {
    const before = await list();
    await deliver("messaging-postbacks-user-ref");
    await deliver("messaging-optins-checkbox");
    const kept = await db.systemEvent.findMany({ where: { pageId: page.id }, orderBy: { occurredAt: "asc" } });
    expect(kept.map((e) => [e.userRef, e.psid, e.event, e.summary, e.occurredAt.toISOString()])).toEqual([
      ["guest-ref-1", null, "postback", "Guest wrote: TITLE-FOR-THE-CTA", "2018-05-27T22:23:44.000Z"],
      ["guest-ref-1", null, "optin", "Opted in (checkbox plugin)", new Date(1700000000100).toISOString()],
    ]);
    expect(await list()).toEqual(before);
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(2);

    const raw = JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, time: Date.now(), messaging: [{ sender: { id: "7000000000000099" }, recipient: { id: page.facebookPageId }, timestamp: Date.now(), prior_message: { source: "checkbox_plugin", identifier: "guest-ref-1" }, message: { mid: "m_after_checkbox", text: "I ticked the box" } }] }] });
    expect((await postSigned(app.url, raw)).status).toBe(200);
    await settled();
    const row = (await list())[0]!;
    expect(row).toMatchObject({ last_message: "I ticked the box", unread_count: 1 });
    expect((await thread(row.id as string)).map((m) => m.message)).toEqual(["I ticked the box", "Opted in (checkbox plugin)", "Guest wrote: TITLE-FOR-THE-CTA"]);
  });
});

describe("receipts by mids and by watermark", () => {
  async function ourMessages() {
    const base = Date.now() - 600_000;
    const rows = [
      { mid: "m_ours_old", at: base },
      { mid: "m_ours_new", at: base + 300_000 },
      { mid: "m_ours_newest", at: base + 400_000 },
    ];
    for (const r of rows) {
      await db.message.create({ data: { conversationId: person.conversation.id, mid: r.mid, direction: "outbound", senderId: page.facebookPageId, text: r.mid, sendStatus: "sent", createdTime: new Date(r.at) } });
    }
    return base;
  }
  const statuses = async () => Object.fromEntries((await db.message.findMany({ where: { conversationId: person.conversation.id } })).map((m) => [m.mid, m.sendStatus]));

  it("message-deliveries without a timestamp: delivered up to the watermark and every mid it names", async () => {
    const base = await ourMessages();
    const before = await list();
    await deliver("message-deliveries", { DELIVERED_MID: "m_ours_newest", WATERMARK: base + 1000 });
    expect(await statuses()).toEqual({ m_ours_old: "delivered", m_ours_new: "sent", m_ours_newest: "delivered" });
    const live = await socketEvent("message-status", () => true);
    expect(live).toMatchObject({ conversationId: person.conversation.id, status: "delivered", mids: ["m_ours_newest"], watermark: new Date(base + 1000).toISOString() });
    expect((await thread()).filter((m) => m.mid?.startsWith("m_ours")).map((m) => [m.mid, m.status])).toEqual([
      ["m_ours_newest", "delivered"],
      ["m_ours_new", "sent"],
      ["m_ours_old", "delivered"],
    ]);
    await expectListUntouched(before);
  });

  it("message-reads: read up to the watermark", async () => {
    const base = await ourMessages();
    await deliver("message-reads", { WATERMARK: base + 350_000 });
    expect(await statuses()).toEqual({ m_ours_old: "read", m_ours_new: "read", m_ours_newest: "sent" });
    expect(await socketEvent("message-status", () => true)).toMatchObject({ status: "read", watermark: new Date(base + 350_000).toISOString() });
  });
});

describe("changes to a message", () => {
  async function target() {
    await db.message.create({ data: { conversationId: person.conversation.id, mid: "m_target", direction: "inbound", senderId: person.customer.psid, text: "hello, world!", sendStatus: "received", createdTime: new Date(1458668800000) } });
  }

  it("message-reactions", async () => {
    await target();
    await deliver("message-reactions", { TARGET_MID: "m_target" });
    const live = (await socketEvent("message-updated", (p) => (p.message as ApiMessage).mid === "m_target")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ reactions: [{ emoji: "❤️", reaction: "love" }] });
    expect((await thread()).find((m) => m.mid === "m_target")).toMatchObject({ reactions: [{ emoji: "❤️" }] });
  });

  it("message-edits", async () => {
    await target();
    await deliver("message-edits", { TARGET_MID: "m_target" });
    const live = (await socketEvent("message-updated", (p) => (p.message as ApiMessage).mid === "m_target")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ message: "hello, edited world!", is_edited: true });
    expect((await thread()).find((m) => m.mid === "m_target")).toMatchObject({ message: "hello, edited world!", is_edited: true });
  });
});

describe("handovers, app roles and policy enforcement", () => {
  // What they change (thread control, the Page's role, its health) is the handover's and policy's own
  // (handle-handover.ts, handle-policy.ts, their tests); here: read, not quarantined, a thread-control
  // change is a quiet line of the thread, and none is a customer's unread or a move in the list.
  for (const [name, line] of [
    ["messaging-handovers-take", true],
    ["messaging-handovers-request", true],
    ["messaging-handovers-app-roles", false],
    ["messaging-policy-enforcement", false],
  ] as const) {
    it(name, async () => {
      const before = await list();
      await deliver(name);
      await expectListUntouched(before);
      expect(socket.events.filter((e) => e.name === "new-message")).toEqual([]);
      expect((await thread()).filter((m) => m.kind === "system").map((m) => m.payload)).toEqual(line ? ["handover"] : []);
    });
  }

  it("messaging-handovers-pass: passed to this app (previous owner null: idle), delivered late — a line, the control, no unread, no move", async () => {
    const before = await list();
    await deliver("messaging-handovers-pass");
    expect((await thread()).filter((m) => m.kind === "system")).toEqual([expect.objectContaining({ payload: "handover", timestamp: 1458692752478 })]);
    await expectListUntouched(before);
    expect(await db.message.count({ where: { conversationId: person.conversation.id } })).toBe(0);
  });
});

describe("several entries in one body", () => {
  it("batch-several-entries: a message, a standby message and a read without its own timestamp, in order", async () => {
    await db.message.create({ data: { conversationId: person.conversation.id, mid: "m_ours_before", direction: "outbound", senderId: page.facebookPageId, text: "ours", sendStatus: "sent", createdTime: new Date(1700000000050) } });
    await deliver("batch-several-entries");
    await socketEvent("new-message", (p) => (p.message as ApiMessage).mid === "m_batch_standby");
    expect((await thread()).map((m) => [m.mid, m.message, m.status])).toEqual([
      ["m_batch_standby", "while the bot had the thread", "received"],
      ["m_batch_first", "first entry", "received"],
      ["m_ours_before", "ours", "read"],
    ]);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).toMatchObject({ unreadCount: 2, readWatermark: new Date(1700000000150) });
  });
});
