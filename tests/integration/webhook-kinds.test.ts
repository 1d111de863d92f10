import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as searchRoute from "@/app/api/conversations/[pageId]/route";
import { startWebhookDrain, type WebhookDrain } from "@/workers/inbound/drain";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { body, fromCustomer, postSigned, type Item } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// Every inbound kind (docs/META.md "More inbound kinds") through the real path: a signed POST to the webhook,
// the ack's INSERT, the worker's drain, then the thread API and the socket an agent has open.

type ApiMessage = Record<string, unknown> & { mid: string; message: string };

let app: Awaited<ReturnType<typeof startRealServer>>;
let drain: WebhookDrain;
let page: Awaited<ReturnType<typeof makePage>>;
let token: string;
let person: Awaited<ReturnType<typeof makeConversation>>;
let socket: Awaited<ReturnType<typeof openSocket>>;
let seq = 0;

beforeEach(async () => {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  page = await makePage(company.id, [staff.id]);
  token = await tokenFor(staff);
  person = await makeConversation(page.id, { unread: 0 });
  app = await startRealServer({ realtime: true });
  drain = startWebhookDrain({ log: () => {} });
  socket = await openSocket(app.url, token);
  expect(await socket.emit("join-conversation", { room: person.conversation.id })).toMatchObject({ ok: true });
});

// The copy jobs the ingest queues hold a Redis connection of their own.
afterAll(async () => {
  await queue().close();
});

afterEach(async () => {
  socket.close();
  await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
  await drain.stop();
  await app.close();
});

const mid = () => `m_kind_${++seq}_${Date.now()}`;
const at = (offset = 0) => Date.now() + seq * 10 + offset;

async function deliver(...items: Item[]) {
  const res = await postSigned(app.url, body(page.facebookPageId, ...items));
  expect(res.status).toBe(200);
}

const customerItem = (fields: Item, timestamp = at()) => fromCustomer(page.facebookPageId, person.customer.psid, fields, timestamp);

async function thread(): Promise<ApiMessage[]> {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId: person.conversation.id, pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Waits for the socket event about `messageMid` and returns its message. */
async function socketMessage(event: string, messageMid: string, ok: (m: ApiMessage) => boolean = () => true): Promise<ApiMessage> {
  const found = await eventually(
    () => socket.events.filter((e) => e.name === event).map((e) => (e.payload as { message: ApiMessage }).message).find((m) => m.mid === messageMid && ok(m)),
    Boolean,
  );
  expect(found, `${event} for ${messageMid}`).toBeTruthy();
  return found!;
}

async function listPreview() {
  return (await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).lastMessageText;
}

describe("attachments of every type", () => {
  const cases = [
    { type: "audio", url: "https://cdn.fbsbx.com/v/t59/voice_note.mp4?oh=x", preview: "Voice message", media: { type: "audio", name: null } },
    { type: "video", url: "https://video.xx.fbcdn.net/v/clip.mp4?oe=1", preview: "Video", media: { type: "video" } },
    { type: "file", url: "https://cdn.fbsbx.com/v/t59/Invoice%20March.pdf?oe=1", preview: "File: Invoice March.pdf", media: { type: "file", name: "Invoice March.pdf" } },
    { type: "image", url: "https://scontent.xx.fbcdn.net/v/photo.jpg", preview: "", media: { type: "image" } },
  ];
  for (const c of cases) {
    it(`${c.type}: stored, in the thread and on the socket, with the list preview "${c.preview || "(image)"}"`, async () => {
      const m = mid();
      await deliver(customerItem({ message: { mid: m, attachments: [{ type: c.type, payload: { url: c.url } }] } }));
      const live = await socketMessage("new-message", m);
      expect(live).toMatchObject({ kind: c.type, is_image: c.type === "image", media: [{ ...c.media, url: c.url, stored: false }] });
      const [stored] = (await thread()).filter((x) => x.mid === m);
      expect(stored).toEqual(live);
      expect(await listPreview()).toBe(c.preview);
      if (c.type === "image") expect(stored!.attachments).toEqual({ data: [{ image_data: { url: c.url, preview_url: c.url } }] });
    });
  }

  it("location, a shared link (fallback) and a template share", async () => {
    const [loc, link, share] = [mid(), mid(), mid()];
    await deliver(
      customerItem({ message: { mid: loc, attachments: [{ type: "location", payload: { coordinates: { lat: 52.52, long: 13.405 } } }] } }, at(1)),
      customerItem({ message: { mid: link, attachments: [{ type: "fallback", title: "Our spring catalogue", url: "https://example.com/catalogue", payload: null }] } }, at(2)),
      customerItem({ message: { mid: share, attachments: [{ type: "template", payload: { template_type: "generic", elements: [{ title: "Red shoes", subtitle: "€49", image_url: "https://scontent.xx.fbcdn.net/shoe.jpg" }] } }] } }, at(3)),
    );
    expect(await socketMessage("new-message", loc)).toMatchObject({ kind: "location", media: [{ type: "location", coordinates: { lat: 52.52, long: 13.405 } }] });
    expect(await socketMessage("new-message", link)).toMatchObject({ kind: "fallback", media: [{ type: "fallback", title: "Our spring catalogue", url: "https://example.com/catalogue" }] });
    expect(await socketMessage("new-message", share)).toMatchObject({ kind: "template", media: [{ type: "template", title: "Red shoes", subtitle: "€49", image_url: "https://scontent.xx.fbcdn.net/shoe.jpg" }] });
    expect(await listPreview()).toBe("Shared: Red shoes");
  });

  it("several attachments in one message, and a sticker without a stray [sticker] text", async () => {
    const [many, sticker] = [mid(), mid()];
    await deliver(
      customerItem({ message: { mid: many, text: "both of these", attachments: [{ type: "image", payload: { url: "https://scontent.xx.fbcdn.net/a.jpg" } }, { type: "file", payload: { url: "https://cdn.fbsbx.com/b.pdf" } }] } }, at(1)),
      customerItem({ message: { mid: sticker, attachments: [{ type: "sticker", payload: { url: "https://scontent.xx.fbcdn.net/sticker.png", sticker_id: 369239263222822 } }] } }, at(2)),
    );
    expect(await socketMessage("new-message", many)).toMatchObject({ kind: "mixed", message: "both of these", media: [{ type: "image" }, { type: "file", name: "b.pdf" }] });
    const s = await socketMessage("new-message", sticker);
    expect(s).toMatchObject({ kind: "sticker", message: "", is_sticker: true, sticker: "https://scontent.xx.fbcdn.net/sticker.png", sticker_id: "369239263222822", media: [] });
    expect(await listPreview()).toBe("Sticker");
  });

  it("an attachment type nobody knows yet is an unsupported row, not a silent drop", async () => {
    const m = mid();
    await deliver(customerItem({ message: { mid: m, attachments: [{ type: "hologram", payload: { url: "https://example.com/holo" } }] } }));
    expect(await socketMessage("new-message", m)).toMatchObject({ kind: "unsupported", is_unsupported: true });
    expect(await listPreview()).toBe("Unsupported message");
  });
});

describe("events that change a message", () => {
  async function original(text = "See you at 5") {
    const m = mid();
    await deliver(customerItem({ message: { mid: m, text } }, at(-5000)));
    await socketMessage("new-message", m);
    return m;
  }

  it("reaction: react shows the emoji on the message and in the list; unreact removes it", async () => {
    const m = await original();
    await deliver(customerItem({ reaction: { mid: m, action: "react", reaction: "love", emoji: "❤️" } }));
    expect(await socketMessage("message-updated", m)).toMatchObject({ reactions: [{ psid: person.customer.psid, emoji: "❤️", reaction: "love" }] });
    expect((await thread()).find((x) => x.mid === m)).toMatchObject({ reactions: [{ emoji: "❤️" }] });
    expect(await listPreview()).toBe("Reacted ❤️ to “See you at 5”");

    await deliver(customerItem({ reaction: { mid: m, action: "unreact", reaction: "love" } }, at(10)));
    await socketMessage("message-updated", m, (x) => (x.reactions as unknown[]).length === 0);
    expect((await thread()).find((x) => x.mid === m)).toMatchObject({ reactions: [] });
  });

  it("message_edit: the new text replaces the old, marked edited, the old one kept for audit; a replayed edit changes nothing", async () => {
    const m = await original("Meet at 5");
    const edit = customerItem({ message_edit: { mid: m, text: "Meet at 6", num_edit: 1 } });
    await deliver(edit);
    expect(await socketMessage("message-updated", m)).toMatchObject({ message: "Meet at 6", is_edited: true });
    await deliver(edit);
    await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
    const row = await db.message.findUniqueOrThrow({ where: { mid: m } });
    expect(row.text).toBe("Meet at 6");
    expect(row.previousTexts).toEqual([expect.objectContaining({ text: "Meet at 5", reason: "edit" })]);
    expect((await thread()).find((x) => x.mid === m)).toMatchObject({ message: "Meet at 6", is_edited: true });
    // Search finds the new text, not the old.
    const search = (q: string) => call(searchRoute.GET, "GET", "/api/conversations/x", { token, params: { pageId: page.id }, query: { search: q } });
    expect((await search("Meet at 6")).body.data).toHaveLength(1);
    expect((await search("Meet at 5")).body.data).toHaveLength(0);
  });

  it("unsend: the row shows 'This message was unsent' and its text leaves the thread (kept in previous_texts)", async () => {
    const m = await original("my phone is 555-0100");
    await deliver(customerItem({ message: { mid: m, is_deleted: true } }));
    expect(await socketMessage("message-updated", m)).toMatchObject({ is_deleted: true, kind: "unsent", message: "", deleted_text: "This message was unsent" });
    expect((await thread()).find((x) => x.mid === m)).toMatchObject({ is_deleted: true, message: "" });
    expect((await db.message.findUniqueOrThrow({ where: { mid: m } })).previousTexts).toEqual([expect.objectContaining({ text: "my phone is 555-0100", reason: "unsend" })]);
  });

  it("a reaction to a message we never stored is quarantined, not lost", async () => {
    await deliver(customerItem({ reaction: { mid: "m_unknown", action: "react", emoji: "😮" } }));
    const kept = await eventually(() => db.webhookQuarantine.findMany(), (rows) => rows.length === 1);
    expect(kept[0]).toMatchObject({ scope: "event", facebookPageId: page.facebookPageId, reason: expect.stringMatching(/m_unknown/) });
  });
});

describe("replies, quick replies, postbacks, referrals and unknown items", () => {
  it("reply_to: the reply carries the quoted message", async () => {
    const [first, reply] = [mid(), mid()];
    await deliver(customerItem({ message: { mid: first, text: "Do you have size 40?" } }, at(1)));
    await deliver(customerItem({ message: { mid: reply, text: "I mean this one", reply_to: { mid: first } } }, at(2)));
    const live = await socketMessage("new-message", reply);
    expect(live.reply_to).toEqual({ mid: first, found: true, message: "Do you have size 40?", kind: "text", from_me: false });
    expect((await thread()).find((x) => x.mid === reply)!.reply_to).toEqual(live.reply_to);
  });

  it("quick_reply and postback: shown with their title, the payload beside it", async () => {
    const [quick, postback] = [mid(), mid()];
    await deliver(
      customerItem({ message: { mid: quick, text: "Yes please", quick_reply: { payload: "CONFIRM_ORDER" } } }, at(1)),
      customerItem({ postback: { mid: postback, title: "Get started", payload: "GET_STARTED" } }, at(2)),
    );
    expect(await socketMessage("new-message", quick)).toMatchObject({ kind: "quick_reply", message: "Yes please", payload: "CONFIRM_ORDER" });
    expect(await socketMessage("new-message", postback)).toMatchObject({ kind: "postback", message: "Get started", payload: "GET_STARTED" });
  });

  it("referral: an ad click becomes a context line with its source and ref", async () => {
    const timestamp = at();
    await deliver(customerItem({ referral: { ref: "spring-sale", source: "ADS", type: "OPEN_THREAD", ad_id: "6045246247433" } }, timestamp));
    const referralMid = `referral-${person.customer.psid}-${timestamp}`;
    const live = await socketMessage("new-message", referralMid);
    expect(live).toMatchObject({ kind: "referral", referral: { source: "ADS", ref: "spring-sale", ad_id: "6045246247433", line: "Came from an ad · ref spring-sale · ad 6045246247433" } });
    // Context, not the customer writing: no unread.
    expect((await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).unreadCount).toBe(0);
  });

  it("a messaging item of a kind we do not handle is a visible unsupported row", async () => {
    const timestamp = at();
    await deliver(customerItem({ poll_vote: { option: 2 } }, timestamp));
    const live = await socketMessage("new-message", `unsupported-poll_vote-${person.customer.psid}-${timestamp}`);
    expect(live).toMatchObject({ kind: "unsupported", is_unsupported: true, payload: "poll_vote" });
  });
});
