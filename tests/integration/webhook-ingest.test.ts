import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import pg from "pg";
import { db } from "@/server/db";
import { ingestPool } from "@/server/db/direct";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { storeWebhookEvent } from "@/server/services/inbound/webhook-store";
import { startWebhookDrain, type WebhookDrain } from "@/workers/inbound/drain";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { startRealServer } from "./support/real-server";

// The worker's webhook ingest on its own: claims, crash recovery, concurrency, and the socket payload.
// (tests/integration/channel.test.ts covers the behaviours end to end through the simulator.)

type Page = Awaited<ReturnType<typeof makePage>>;
type Person = Awaited<ReturnType<typeof makeConversation>>;

let page: Page;
let drain: WebhookDrain | undefined;

beforeEach(async () => {
  page = await makePage((await makeCompany()).id);
});

afterEach(async () => {
  await drain?.stop();
  drain = undefined;
});

let seq = 0;
/** One delivery as Meta sends it, one text message from the given customer. */
function delivery(person: Person, text: string, timestamp = Date.now()) {
  seq++;
  return JSON.stringify({
    object: "page",
    entry: [
      {
        id: page.facebookPageId,
        time: timestamp,
        messaging: [{ sender: { id: person.customer.psid }, recipient: { id: page.facebookPageId }, timestamp, message: { mid: `m_ingest_${seq}_${Date.now()}`, text } }],
      },
    ],
  });
}

const pending = () => db.webhookEvent.count({ where: { processedAt: null } });
const conversation = (person: Person) => db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } });

describe("claiming deliveries", () => {
  it("two drains running at once process every delivery exactly once", async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await makeConversation(page.id, { unread: 0 }));
    const base = Date.now();
    for (let i = 0; i < 40; i++) await storeWebhookEvent(delivery(people[i % 4]!, `hello ${i}`, base + i));

    // Small batches so the two drains interleave claim after claim.
    const [a, b] = await Promise.all([processPendingWebhookEvents(5), processPendingWebhookEvents(5)]);

    expect(a + b).toBe(40);
    expect(await pending()).toBe(0);
    expect(await db.message.count()).toBe(40);
    for (const [i, person] of people.entries()) {
      expect(await conversation(person)).toMatchObject({ unreadCount: 10, lastMessageText: `hello ${36 + i}` });
    }
  });

  it("skips a batch another drain holds, and takes it once that drain's connection is gone (a killed worker)", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    await storeWebhookEvent(delivery(person, "held by a worker that dies"));
    const dying = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dying.connect();
    await dying.query("BEGIN");
    await dying.query("SELECT id FROM webhook_events WHERE processed_at IS NULL FOR UPDATE");

    expect(await processPendingWebhookEvents()).toBe(0);
    expect(await db.message.count()).toBe(0);

    await dying.end(); // the connection closes: its transaction and its row locks go with it
    expect(await processPendingWebhookEvents()).toBe(1);
    expect(await db.message.count()).toBe(1);
  });

  it("a delivery processed again (the worker died before marking it) stores nothing twice and counts it once", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    await storeWebhookEvent(delivery(person, "only once"));
    expect(await processPendingWebhookEvents()).toBe(1);
    await db.webhookEvent.updateMany({ data: { processedAt: null } });

    expect(await processPendingWebhookEvents()).toBe(1);
    expect(await db.message.count()).toBe(1);
    expect(await conversation(person)).toMatchObject({ unreadCount: 1, lastMessageText: "only once" });
  });
});

describe("the batch's context, read with its claim", () => {
  /** Processes what is pending, counting the statements that read a batch's context apart from its claim (ingest-context.ts). */
  async function processCountingContextReads(): Promise<{ processed: number; contextReads: number }> {
    const query = vi.spyOn(ingestPool(), "query");
    try {
      const processed = await processPendingWebhookEvents();
      return { processed, contextReads: query.mock.calls.filter(([config]) => (config as { name?: string } | null)?.name === "webhook-context").length };
    } finally {
      query.mockRestore();
    }
  }

  it("reads the pages and customers of messages and echoes in the claim's own statement", async () => {
    const people = [await makeConversation(page.id, { unread: 0 }), await makeConversation(page.id, { unread: 0 })];
    const base = Date.now();
    await storeWebhookEvent(delivery(people[0]!, "from the first", base));
    // An echo: sent by the Page, to the customer — the other way round from a message.
    const echo = { sender: { id: page.facebookPageId }, recipient: { id: people[1]!.customer.psid }, timestamp: base + 1, message: { mid: `m_echo_${base}`, text: "from the Page", is_echo: true } };
    await storeWebhookEvent(JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, time: base + 1, messaging: [echo] }] }));
    expect(await processCountingContextReads()).toEqual({ processed: 2, contextReads: 0 });
    const stored = await db.message.findMany({ orderBy: { createdTime: "asc" }, select: { conversationId: true, direction: true, text: true } });
    expect(stored).toEqual([
      { conversationId: people[0]!.conversation.id, direction: "inbound", text: "from the first" },
      { conversationId: people[1]!.conversation.id, direction: "outbound", text: "from the Page" },
    ]);
    // Known people: no second customer was made for either.
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(2);
  });

  it("reads in one more statement what the claim's SQL read differently, and stores the message all the same", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    // A psid given as a JSON number written with a fraction: Postgres reads it as 5551234567.0, JavaScript as 5551234567.
    const numeric = delivery(person, "a number for an id").replace(`"sender":{"id":"${person.customer.psid}"}`, '"sender":{"id":5551234567.0}');
    await storeWebhookEvent(numeric);
    await storeWebhookEvent(delivery(person, "and a plain one"));
    expect(await processCountingContextReads()).toEqual({ processed: 2, contextReads: 1 });
    const customers = await db.customer.findMany({ where: { pageId: page.id }, select: { psid: true }, orderBy: { createdAt: "asc" } });
    expect(customers.map((c) => c.psid)).toEqual([person.customer.psid, "5551234567"]);
    expect(await conversation(person)).toMatchObject({ unreadCount: 1, lastMessageText: "and a plain one" });
    expect(await db.message.count()).toBe(2);
  });

  it("reads standby[] items with the claim; a guest (user_ref, no id) costs one read for its page", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    const base = Date.now();
    const standby = { sender: { id: person.customer.psid }, recipient: { id: page.facebookPageId }, timestamp: base, message: { mid: `m_standby_${base}`, text: "while the bot has the thread" } };
    await storeWebhookEvent(JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, time: base, standby: [standby] }] }));
    expect(await processCountingContextReads()).toEqual({ processed: 1, contextReads: 0 });
    expect(await conversation(person)).toMatchObject({ unreadCount: 1, lastMessageText: "while the bot has the thread" });

    const guest = { sender: { user_ref: "ref-guest-1" }, recipient: { id: page.facebookPageId }, timestamp: base + 1, optin: { ref: "landing" } };
    await storeWebhookEvent(JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, time: base + 1, messaging: [guest] }] }));
    expect(await processCountingContextReads()).toEqual({ processed: 1, contextReads: 1 });
    expect(await db.systemEvent.findMany({ where: { pageId: page.id }, select: { userRef: true, psid: true, event: true } })).toEqual([{ userRef: "ref-guest-1", psid: null, event: "optin" }]);
  });

  it("a psid beyond what a JSON number holds exactly is not a Facebook id: that event is quarantined, not stored under a wrong id", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    const numeric = JSON.parse(delivery(person, "a number for an id")) as { entry: { messaging: { sender: { id: unknown } }[] }[] };
    numeric.entry[0]!.messaging[0]!.sender.id = 1e21;
    await storeWebhookEvent(JSON.stringify(numeric));
    await processPendingWebhookEvents();
    expect(await db.message.count()).toBe(0);
    expect(await db.webhookQuarantine.findFirstOrThrow()).toMatchObject({ scope: "event", reason: "unreadable messaging item: sender.id is not a Facebook id" });
  });

  it("claims bodies of any shape without failing the batch", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    const odd = ["null", "[]", '"text"', "7", '{"entry":5}', '{"object":"page","entry":[{"id":"1","messaging":{"sender":7}}]}', '{"object":"page","entry":[{"id":"1","messaging":[5,null,{"sender":{"id":{"x":1}},"recipient":[1]}]}]}'];
    for (const raw of odd) await storeWebhookEvent(raw);
    await storeWebhookEvent(delivery(person, "beside them"));
    expect(await processPendingWebhookEvents()).toBe(odd.length + 1);
    expect(await pending()).toBe(0);
    expect((await db.message.findMany()).map((m) => m.text)).toEqual(["beside them"]);
  });
});

describe("failures", () => {
  it("quarantines an event that cannot be processed, stores the delivery's other events, and does not retry it", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    const body = JSON.parse(delivery(person, "fine")) as { entry: { messaging: Record<string, unknown>[] }[] };
    // A timestamp past what a date can hold: that message cannot be stored.
    body.entry[0]!.messaging.push({ sender: { id: person.customer.psid }, recipient: { id: page.facebookPageId }, timestamp: 9e15, message: { mid: "m_ingest_broken", text: "broken" } });
    await storeWebhookEvent(JSON.stringify(body));

    expect(await processPendingWebhookEvents()).toBe(1);
    expect(await processPendingWebhookEvents()).toBe(0);
    const [row] = await db.webhookEvent.findMany();
    expect(row!.processedAt).not.toBeNull();
    expect(row!.error).toMatch(/^1 event\(s\) quarantined: unreadable messaging item: timestamp/);
    expect((await db.message.findMany()).map((m) => m.text)).toEqual(["fine"]);
    const [kept] = await db.webhookQuarantine.findMany();
    expect(kept).toMatchObject({ scope: "event", facebookPageId: page.facebookPageId, webhookEventId: row!.id, resolvedAt: null });
    expect(JSON.parse(kept!.raw)).toMatchObject({ message: { mid: "m_ingest_broken" } });
  });
});

describe("the drain", () => {
  it("processes what was stored while no worker ran, then wakes on the app's wake-up (its poll is too slow to matter)", async () => {
    const person = await makeConversation(page.id, { unread: 0 });
    await storeWebhookEvent(delivery(person, "before the worker started"));
    drain = startWebhookDrain({ pollMs: 600_000, log: () => {} });
    await drain.subscribed;
    await eventually(pending, (n) => n === 0);
    expect(await db.message.count()).toBe(1);

    await storeWebhookEvent(delivery(person, "while it listens"));
    const stored = await eventually(() => db.message.count(), (n) => n === 2);
    expect(stored).toBe(2);
    expect(await conversation(person)).toMatchObject({ unreadCount: 2, lastMessageText: "while it listens" });
  });
});

describe("the socket payload", () => {
  it("new-message carries the same message and list item the thread API returns", async () => {
    const staff = await makeUser("staff", page.companyId);
    await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
    const token = await tokenFor(staff);
    const person = await makeConversation(page.id, { unread: 2, tags: ["vip", "lead"], important: true });
    const app = await startRealServer({ realtime: true });
    try {
      const socket = await openSocket(app.url, token);
      expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
      await storeWebhookEvent(delivery(person, "where is my parcel?"));
      await processPendingWebhookEvents();

      const event = await eventually(() => socket.events.find((e) => e.name === "new-message"), Boolean);
      const thread = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId: person.conversation.id, pageId: page.id } });
      expect(event?.payload).toEqual({
        pageId: page.id,
        conversationId: person.conversation.id,
        message: thread.body.data[0],
        conversation: thread.body.conversation,
        // Its place in the Page's feed (server/realtime/page-feed.ts): the first event of this Page.
        feed: { epoch: expect.any(String), seq: 1 },
      });
      expect(thread.body.data).toHaveLength(1);
      expect(thread.body.conversation).toMatchObject({ unread_count: 3, is_important: true, tags: [{ tag: "vip" }, { tag: "lead" }] });
      socket.close();
    } finally {
      await app.close();
    }
  });
});
