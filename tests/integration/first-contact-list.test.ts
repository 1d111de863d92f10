import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as myPagesRoute from "@/app/api/pages/me/route";
import { findOrCreateContact } from "@/server/services/inbound/customers";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { startWebhookDrain } from "@/workers/inbound/drain";
import { call } from "./support/http";
import { eventually } from "./support/channel";
import { makeStaffPage } from "./support/factory";
import { body, fromCustomer, postSigned } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// A list never shows a conversation without its first message. A first contact is two statements (the
// customer and conversation, then the message with its summary: customers.ts, record-message.ts); a read
// of the list between them must show no row — and once the message is in, the row with it and its unread.

let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makeStaffPage>>["page"];
let token: string;

beforeEach(async () => {
  ({ page, token } = await makeStaffPage());
  app = await startRealServer({ realtime: true });
});

afterEach(async () => {
  await app.close();
});

afterAll(async () => {
  await queue().close();
});

type Row = { id: string; last_message: string; unread_count: number; from_id: string };

async function list(search?: string): Promise<Row[]> {
  const res = await call(listRoute.GET, "GET", "/api/conversations/x", { token, params: { pageId: page.id }, query: search ? { search } : {} });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function tabCount(): Promise<number> {
  const res = await call(myPagesRoute.GET, "GET", "/api/pages/me", { token });
  return (res.body.pages as { _id: string; conversationCount: number }[]).find((p) => p._id === page.id)!.conversationCount;
}

describe("between a first contact's two statements", () => {
  it("the conversation exists but is listed, searched and counted nowhere until its message is in", async () => {
    const psid = "8100000000000001";
    await findOrCreateContact({ id: page.id }, psid);
    expect(await db.conversation.count({ where: { pageId: page.id } })).toBe(1);
    expect(await list()).toEqual([]);
    expect(await list("Customer")).toEqual([]);
    expect(await tabCount()).toBe(0);

    expect((await postSigned(app.url, body(page.facebookPageId, fromCustomer(page.facebookPageId, psid, { message: { mid: "m_first_contact", text: "hello there" } })))).status).toBe(200);
    await processPendingWebhookEvents();
    expect(await list()).toEqual([expect.objectContaining({ from_id: psid, last_message: "hello there", unread_count: 1 })]);
    expect(await tabCount()).toBe(1);
  });
});

describe("list reads while first contacts arrive", () => {
  it("every row any read shows has its first message and its unread count", async () => {
    const drain = startWebhookDrain({ log: () => {} });
    const people = Array.from({ length: 60 }, (_, i) => String(8200000000000000 + i));
    let done = false;
    const seen: Row[] = [];
    let reads = 0;
    // Readers run until every delivery is processed, side by side with the drain.
    const readers = Array.from({ length: 3 }, async () => {
      while (!done) {
        seen.push(...(await list()));
        reads++;
      }
    });
    try {
      await Promise.all(
        people.map((psid, i) => postSigned(app.url, body(page.facebookPageId, fromCustomer(page.facebookPageId, psid, { message: { mid: `m_race_${i}`, text: `first words ${i}` } }))).then((r) => expect(r.status).toBe(200))),
      );
      await eventually(() => db.message.count({ where: { mid: { startsWith: "m_race_" } } }), (n) => n === people.length, 30_000);
    } finally {
      done = true;
      await Promise.all(readers);
      await drain.stop();
    }
    expect(reads).toBeGreaterThan(0);
    const empty = seen.filter((row) => !row.last_message.startsWith("first words") || row.unread_count < 1);
    expect(empty).toEqual([]);
    expect((await list()).map((r) => r.unread_count)).toEqual(people.slice(0, 15).map(() => 1));
  }, 60_000);
});
