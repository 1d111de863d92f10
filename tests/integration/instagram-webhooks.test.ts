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

// Instagram Direct through a connected Page (issue 31): bodies written from Meta's Instagram messaging
// webhook reference (tests/fixtures/instagram-webhooks: `object: "instagram"`, entry[].id the Instagram
// account, IGSIDs as sender) replayed through the same signed webhook as Messenger's, stored, processed by
// the worker's drain, then read back through the thread and list APIs and the socket an agent has open.
// Each kind becomes what an agent needs, in the Page's inbox, marked as Instagram; nothing is quarantined.

const FIXTURES = path.join(__dirname, "../fixtures/instagram-webhooks");
const IG_ID = "17841400000000042";
const IGSID = "6000000000000042";
type ApiMessage = Record<string, unknown> & { id: string; mid: string | null; message: string; kind: string };

let app: Awaited<ReturnType<typeof startRealServer>>;
let drain: WebhookDrain;
let page: Awaited<ReturnType<typeof makeStaffPage>>["page"];
let token: string;
let socket: Awaited<ReturnType<typeof openSocket>>;

beforeEach(async () => {
  ({ page, token } = await makeStaffPage());
  await db.instagramAccount.create({ data: { pageId: page.id, instagramId: IG_ID, username: "shop.example", enabled: true, checkedAt: new Date() } });
  app = await startRealServer({ realtime: true });
  drain = startWebhookDrain({ log: () => {} });
  socket = await openSocket(app.url, token);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
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

function fixture(name: string, vars: Record<string, string> = {}): string {
  let raw = readFileSync(path.join(FIXTURES, `${name}.json`), "utf8");
  for (const [key, value] of Object.entries({ IG_ID, IGSID, ...vars })) raw = raw.replaceAll(`<${key}>`, value);
  expect(raw).not.toMatch(/<[A-Z_]+>/);
  return raw;
}

async function deliver(name: string, vars?: Record<string, string>) {
  const res = await postSigned(app.url, fixture(name, vars));
  expect(res.status).toBe(200);
  await settled();
  const [stored] = await db.webhookEvent.findMany({ orderBy: { id: "desc" }, take: 1 });
  expect(stored!.error, `${name}: nothing quarantined`).toBeNull();
  expect(await db.webhookQuarantine.count()).toBe(0);
}

async function thread(conversationId: string): Promise<ApiMessage[]> {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId, pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function list(query: Record<string, string> = {}): Promise<Record<string, unknown>[]> {
  const res = await call(listRoute.GET, "GET", `/api/conversations/x?${new URLSearchParams(query)}`, { token, params: { pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function socketEvent(name: string, ok: (payload: Record<string, unknown>) => boolean) {
  const found = await eventually(() => socket.events.find((e) => e.name === name && ok(e.payload as Record<string, unknown>)), Boolean);
  expect(found, name).toBeTruthy();
  return found!.payload as Record<string, unknown>;
}

/** An Instagram customer who wrote before, with one message of theirs to react to, unsend, quote or read up to. */
async function instagramCustomerWithMessages() {
  const person = await makeConversation(page.id, { psid: IGSID, channel: "instagram", lastMessage: "earlier", at: new Date(Date.now() - 3_600_000) });
  const base = Date.now() - 600_000;
  await db.message.create({ data: { conversationId: person.conversation.id, mid: "ig_theirs", direction: "inbound", senderId: IGSID, text: "do you ship abroad?", sendStatus: "received", createdTime: new Date(base) } });
  await db.message.create({ data: { conversationId: person.conversation.id, mid: "ig_ours_old", direction: "outbound", senderId: IG_ID, text: "we do", sendStatus: "sent", createdTime: new Date(base + 1000) } });
  await db.message.create({ data: { conversationId: person.conversation.id, mid: "ig_ours_new", direction: "outbound", senderId: IG_ID, text: "anything else?", sendStatus: "sent", createdTime: new Date(base + 2000) } });
  return person;
}

const CDN = (asset: string) => `https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=${asset}&signature=AbCdEf`;

type MessageCase = { fixture: string; mid: string; expect: Record<string, unknown>; preview: string; unread: number };
const MESSAGE_CASES: MessageCase[] = [
  { fixture: "messages-text", mid: "aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAwOjM0MDI4MjM2Njg0MTcxMDMwMTI0NDI1ODM2NTIwMjEyMTQ4NjQ2NjoxMAZDZD", expect: { kind: "text", message: "Hi! Is the blue jacket still in stock?", direction: "inbound" }, preview: "Hi! Is the blue jacket still in stock?", unread: 1 },
  { fixture: "messages-attachment-image", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfaW1hZ2U", expect: { kind: "image", is_image: true, media: [{ type: "image", original_url: CDN("17900000000000001"), stored: false }] }, preview: "", unread: 1 },
  { fixture: "messages-attachment-video", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfdmlkZW8", expect: { kind: "video", media: [{ type: "video", stored: false }] }, preview: "Video", unread: 1 },
  { fixture: "messages-attachment-audio", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfYXVkaW8", expect: { kind: "audio", media: [{ type: "audio", stored: false }] }, preview: "Voice message", unread: 1 },
  { fixture: "messages-attachment-file", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfZmlsZQ", expect: { kind: "file", media: [{ type: "file", stored: false }] }, preview: "File", unread: 1 },
  { fixture: "messages-attachment-share", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2Vfc2hhcmU", expect: { kind: "share", media: [{ type: "share", url: CDN("17900000000000005") }] }, preview: "Shared a post", unread: 1 },
  { fixture: "messages-attachment-ig-reel", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfcmVlbA", expect: { kind: "ig_reel", media: [{ type: "ig_reel", title: "Behind the scenes of our spring shoot", video_id: "17911111111111111", stored: false }] }, preview: "Instagram reel: Behind the scenes of our spring shoot", unread: 1 },
  { fixture: "messages-story-reply", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2Vfc3RvcnlyZXBseQ", expect: { kind: "story_reply", message: "Love this colour!", media: [{ type: "story_reply", url: CDN("17922222222222222"), story_id: "17922222222222222", stored: false }] }, preview: "Love this colour!", unread: 1 },
  { fixture: "messages-story-mention", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2Vfc3RvcnltZW50aW9u", expect: { kind: "story_mention", media: [{ type: "story_mention", url: CDN("17933333333333333"), stored: false }] }, preview: "Mentioned you in their story", unread: 1 },
  { fixture: "messages-quick-reply", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfcXVpY2tyZXBseQ", expect: { kind: "quick_reply", message: "Opening hours", payload: "OPENING_HOURS" }, preview: "Opening hours", unread: 1 },
  { fixture: "messages-is-unsupported", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfdW5zdXBwb3J0ZWQ", expect: { kind: "unsupported", is_unsupported: true, payload: "is_unsupported" }, preview: "Unsupported message — open it in Instagram", unread: 1 },
  { fixture: "messages-echo", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfZWNobw", expect: { direction: "outbound", is_echo: true, sender_id: IG_ID, message: "Thanks, we will check and come back to you" }, preview: "Thanks, we will check and come back to you", unread: 0 },
  { fixture: "messaging-postbacks", mid: "aWdfZAG1faXRlbTpJR01lc3NhZ2VfcG9zdGJhY2s", expect: { kind: "postback", message: "See the catalogue", payload: "ICEBREAKER_CATALOGUE" }, preview: "See the catalogue", unread: 1 },
];

it("every fixture file has a test here", () => {
  const covered = new Set([...MESSAGE_CASES.map((c) => c.fixture), ...OTHERS]);
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json")).map((f) => f.replace(/\.json$/, ""));
  expect(files.filter((f) => !covered.has(f))).toEqual([]);
});

describe("messages, echoes and postbacks: a row in the thread, live on the socket, in the list marked Instagram", () => {
  for (const c of MESSAGE_CASES) {
    it(c.fixture, async () => {
      await deliver(c.fixture);
      const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).mid === c.mid)) as { message: ApiMessage; conversation: Record<string, unknown>; conversationId: string };
      expect(live.message).toMatchObject(c.expect);
      expect(live.conversation).toMatchObject({ channel: "instagram", from_id: IGSID, page_id: page.id });
      const stored = (await thread(live.conversationId)).find((m) => m.mid === c.mid);
      expect(stored).toEqual(live.message);
      const row = (await list()).find((r) => r.id === live.conversationId);
      expect(row).toMatchObject({ last_message: c.preview, unread_count: c.unread, from_id: IGSID, channel: "instagram" });
      // Meta's Instagram media may not be copied (its CDN links are privacy-aware): shown from Meta, never stored.
      const attachments = (await db.message.findUniqueOrThrow({ where: { mid: c.mid } })).attachments as { storedKey?: string }[];
      expect(attachments.filter((a) => a.storedKey)).toEqual([]);
      const customer = await db.customer.findFirstOrThrow({ where: { pageId: page.id, psid: IGSID } });
      expect(customer.channel).toBe("instagram");
    });
  }

  it("messaging-referral: a context line, not the customer writing", async () => {
    const person = await instagramCustomerWithMessages();
    await deliver("messaging-referral");
    const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).kind === "referral")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ referral: { source: "IGME", ref: "spring-sale" } });
    expect((await thread(person.conversation.id)).map((m) => m.kind)).toContain("referral");
    expect((await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).unreadCount).toBe(0);
  });
});

const OTHERS = ["messaging-referral", "message-reactions-react", "message-reactions-unreact", "messages-is-deleted", "messages-reply-to", "messaging-seen", "batch-several-entries"];

describe("changes to a message and receipts", () => {
  it("message-reactions-react then -unreact: the reaction comes and goes, live", async () => {
    const person = await instagramCustomerWithMessages();
    await deliver("message-reactions-react", { TARGET_MID: "ig_ours_new" });
    const live = (await socketEvent("message-updated", (p) => (p.message as ApiMessage).mid === "ig_ours_new")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ reactions: [{ psid: IGSID, emoji: "❤️", reaction: "love" }] });
    socket.events.length = 0;
    await deliver("message-reactions-unreact", { TARGET_MID: "ig_ours_new" });
    await socketEvent("message-updated", (p) => (p.message as ApiMessage).mid === "ig_ours_new");
    expect((await thread(person.conversation.id)).find((m) => m.mid === "ig_ours_new")).toMatchObject({ reactions: [] });
  });

  it("messages-is-deleted: the customer unsent a message", async () => {
    const person = await instagramCustomerWithMessages();
    await deliver("messages-is-deleted", { TARGET_MID: "ig_theirs" });
    await socketEvent("message-updated", (p) => (p.message as ApiMessage).mid === "ig_theirs");
    expect((await thread(person.conversation.id)).find((m) => m.mid === "ig_theirs")).toMatchObject({ is_deleted: true, message: "", kind: "unsent" });
  });

  it("messages-reply-to: a reply quoting the earlier message", async () => {
    const person = await instagramCustomerWithMessages();
    await deliver("messages-reply-to", { TARGET_MID: "ig_ours_old" });
    const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).mid === "aWdfZAG1faXRlbTpJR01lc3NhZ2VfcmVwbHl0bw")) as { message: ApiMessage };
    expect(live.message).toMatchObject({ message: "Yes, that one", reply_to: { mid: "ig_ours_old", found: true, message: "we do", from_me: true } });
    expect(live).toMatchObject({ conversationId: person.conversation.id });
  });

  it("messaging-seen: read up to the message Instagram names (no watermark on Instagram)", async () => {
    const person = await instagramCustomerWithMessages();
    await deliver("messaging-seen", { TARGET_MID: "ig_ours_old" });
    const statuses = Object.fromEntries((await db.message.findMany({ where: { conversationId: person.conversation.id } })).map((m) => [m.mid, m.sendStatus]));
    expect(statuses).toEqual({ ig_theirs: "received", ig_ours_old: "read", ig_ours_new: "sent" });
    expect(await socketEvent("message-status", () => true)).toMatchObject({ conversationId: person.conversation.id, status: "read" });
  });

  it("batch-several-entries: two entries out of order, processed oldest first", async () => {
    await deliver("batch-several-entries");
    const live = (await socketEvent("new-message", (p) => (p.message as ApiMessage).mid === "ig_batch_second")) as { conversationId: string };
    expect((await thread(live.conversationId)).map((m) => m.mid)).toEqual(["ig_batch_second", "ig_batch_first"]);
    expect(await db.conversation.findUniqueOrThrow({ where: { id: live.conversationId } })).toMatchObject({ unreadCount: 2, lastMessageText: "second entry" });
  });
});

describe("one inbox, two channels", () => {
  it("an IGSID is not a PSID: the same digits on Messenger and on Instagram are two customers, two conversations, filtered by channel", async () => {
    const messenger = await makeConversation(page.id, { psid: IGSID, lastMessage: "on messenger" });
    await deliver("messages-text");
    const customers = await db.customer.findMany({ where: { pageId: page.id, psid: IGSID }, orderBy: { channel: "asc" } });
    expect(customers.map((c) => c.channel)).toEqual(["messenger", "instagram"]);
    const all = await list();
    expect(all.map((r) => r.channel).sort()).toEqual(["instagram", "messenger"]);
    expect((await list({ channel: "instagram" })).map((r) => r.last_message)).toEqual(["Hi! Is the blue jacket still in stock?"]);
    expect((await list({ channel: "messenger" })).map((r) => r.id)).toEqual([messenger.conversation.id]);
    expect(await thread(messenger.conversation.id)).toEqual([]);
  });

  it("an unknown channel filter is a clear 400", async () => {
    const res = await call(listRoute.GET, "GET", "/api/conversations/x?channel=whatsapp", { token, params: { pageId: page.id } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/channel/);
  });

  it("Instagram turned off for the Page: acknowledged and ignored, nothing stored, nothing quarantined", async () => {
    await db.instagramAccount.update({ where: { pageId: page.id }, data: { enabled: false } });
    await deliver("messages-text");
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(0);
    expect(socket.events.filter((e) => e.name === "new-message")).toEqual([]);
  });

  it("an Instagram account no Page of ours is linked to: acknowledged and ignored", async () => {
    const res = await postSigned(app.url, fixture("messages-text", { IG_ID: "17841499999999999" }));
    expect(res.status).toBe(200);
    await settled();
    expect(await db.webhookQuarantine.count()).toBe(0);
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(0);
  });

  it("the account's last event is recorded for its health panel", async () => {
    await deliver("messages-text");
    expect((await db.instagramAccount.findUniqueOrThrow({ where: { pageId: page.id } })).lastWebhookAt).not.toBeNull();
  });
});
