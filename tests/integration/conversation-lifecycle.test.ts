import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as statusRoute from "@/app/api/conversations/status/route";
import * as bulkAssignRoute from "@/app/api/conversations/bulk-assign/route";
import * as bulkLabelRoute from "@/app/api/conversations/bulk-label/route";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as myPagesRoute from "@/app/api/pages/me/route";
import { wakeSnoozed } from "@/workers/conversations/wake-snoozed";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { body, fromCustomer } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// The loop (docs/PRODUCT.md §11): done, snoozed, reopened by the customer's next message, snoozes that end,
// the Open / Done / Snoozed views with their counts, the bulk actions, and the same tenant checks as the
// rest of the inbox API. Live: every change reaches the page's agents as conversation-updated.

let app: Awaited<ReturnType<typeof startRealServer>>;
beforeAll(async () => {
  app = await startRealServer({ realtime: true }); // Socket.IO for the emits of the in-process calls below
});
afterAll(() => app.close());

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const ann = await makeUser("staff", acme.id, { name: "Ann Agent" });
  const bob = await makeUser("staff", acme.id, { name: "Bob Agent" });
  const outsider = await makeUser("staff", acme.id, { name: "Oz Outside" });
  const shoes = await makePage(acme.id, [ann.id, bob.id], "Shoes");
  await makePage(acme.id, [outsider.id], "Outlet");
  const other = await makeCompany("Other");
  const otherPage = await makePage(other.id, [], "Theirs");
  const carla = await makeConversation(shoes.id, { name: "Carla Customer" });
  const dan = await makeConversation(shoes.id, { name: "Dan Customer" });
  const theirs = await makeConversation(otherPage.id, { name: "Their Customer" });
  await db.label.create({ data: { pageId: shoes.id, name: "VIP", color: "purple" } });
  return { acme, ann, bob, shoes, carla, dan, theirs, tokens: { ann: await tokenFor(ann), bob: await tokenFor(bob), outsider: await tokenFor(outsider) } };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const setStatus = (token: string, conversationIds: string[], status: string, extra: Record<string, unknown> = {}) =>
  call(statusRoute.POST, "POST", "/api/conversations/status", { token, body: { conversationIds, pageId: w.shoes.id, status, ...extra } });
const names = async (token: string, query: Record<string, string> = {}) =>
  (await call(listRoute.GET, "GET", `/api/conversations/${w.shoes.id}`, { token, params: { pageId: w.shoes.id }, query })).body.data.map((c: { from_name: string }) => c.from_name).sort();
const counts = async (token: string) => {
  const res = await call(myPagesRoute.GET, "GET", "/api/pages/me", { token });
  return res.body.pages.find((p: { id: string }) => p.id === w.shoes.id).statusCounts;
};

/** A customer's message through the ingest (the stored delivery, then the worker's batch). */
async function customerWrites(psid: string, text: string) {
  await db.webhookEvent.create({ data: { payload: JSON.parse(body(w.shoes.facebookPageId, fromCustomer(w.shoes.facebookPageId, psid, { message: { mid: `m_${Math.random().toString(36).slice(2)}`, text } }))) } });
  await processPendingWebhookEvents();
}

describe("POST /api/conversations/status", () => {
  it("marks done, snoozes and reopens; the views list and count what they hold", async () => {
    expect(await counts(w.tokens.ann)).toEqual({ open: 2, done: 0, snoozed: 0 });
    const done = await setStatus(w.tokens.ann, [w.carla.conversation.id], "done");
    expect(done.status).toBe(200);
    expect(done.body.conversations[0]).toMatchObject({ id: w.carla.conversation.id, status: "done", snoozed_until: null });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    expect((await setStatus(w.tokens.bob, [w.dan.conversation.id], "snoozed", { snoozeUntil: until })).body.conversations[0]).toMatchObject({ status: "snoozed", snoozed_until: until });

    expect(await names(w.tokens.ann, { status: "done" })).toEqual(["Carla Customer"]);
    expect(await names(w.tokens.ann, { status: "snoozed" })).toEqual(["Dan Customer"]);
    expect(await names(w.tokens.ann, { status: "open" })).toEqual([]);
    expect(await names(w.tokens.ann)).toEqual(["Carla Customer", "Dan Customer"]);
    expect(await counts(w.tokens.ann)).toEqual({ open: 0, done: 1, snoozed: 1 });

    expect((await setStatus(w.tokens.ann, [w.carla.conversation.id], "open")).body.conversations[0].status).toBe("open");
    expect(await counts(w.tokens.ann)).toEqual({ open: 1, done: 0, snoozed: 1 });
    expect((await call(listRoute.GET, "GET", `/api/conversations/${w.shoes.id}`, { token: w.tokens.ann, params: { pageId: w.shoes.id }, query: { status: "closed" } })).status).toBe(400);
  });

  it("a customer's message reopens a done conversation and one snoozed until they write", async () => {
    await setStatus(w.tokens.ann, [w.carla.conversation.id], "done");
    await setStatus(w.tokens.ann, [w.dan.conversation.id], "snoozed", { snoozeUntil: null });
    expect((await db.conversation.findUniqueOrThrow({ where: { id: w.dan.conversation.id } })).snoozedUntil).toBeNull();
    await customerWrites(w.carla.customer.psid, "One more question");
    await customerWrites(w.dan.customer.psid, "Hello again");
    expect(await names(w.tokens.ann, { status: "open" })).toEqual(["Carla Customer", "Dan Customer"]);
    // Reopening a done conversation starts a new episode (its first response is measured again); waking a snoozed one does not.
    const events = await db.responseEvent.findMany({ where: { pageId: w.shoes.id, kind: "opened" }, select: { conversationId: true } });
    expect(events.map((e) => e.conversationId)).toEqual([w.carla.conversation.id]);
  });

  it("a snooze ends at its time (the worker's sweep), not before", async () => {
    const soon = new Date(Date.now() + 60_000);
    await setStatus(w.tokens.ann, [w.carla.conversation.id], "snoozed", { snoozeUntil: soon.toISOString() });
    await setStatus(w.tokens.ann, [w.dan.conversation.id], "snoozed", { snoozeUntil: null });
    expect(await wakeSnoozed(new Date(soon.getTime() - 1000))).toBe(0);
    const socket = await openSocket(app.url, w.tokens.bob);
    expect(await socket.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: true });
    expect(await wakeSnoozed(new Date(soon.getTime() + 1000))).toBe(1);
    expect(await names(w.tokens.ann, { status: "snoozed" })).toEqual(["Dan Customer"]);
    const update = await eventually(() => socket.events.find((e) => e.name === "conversation-updated"), Boolean);
    expect(update?.payload).toMatchObject({ conversationId: w.carla.conversation.id, conversation: { status: "open", snoozed_until: null } });
    socket.close();
  });

  it("is live: the other agents of the page get each changed row", async () => {
    const socket = await openSocket(app.url, w.tokens.bob);
    expect(await socket.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: true });
    await setStatus(w.tokens.ann, [w.carla.conversation.id, w.dan.conversation.id], "done");
    const updates = await eventually(() => socket.events.filter((e) => e.name === "conversation-updated"), (e) => e.length >= 2);
    expect(updates.map((u) => (u.payload as { conversation: { status: string } }).conversation.status)).toEqual(["done", "done"]);
    socket.close();
  });

  it("refuses what is not the actor's: another company's or an unassigned page's conversation changes nothing (404)", async () => {
    expect((await setStatus(w.tokens.ann, [w.carla.conversation.id, w.theirs.conversation.id], "done")).status).toBe(404);
    expect((await setStatus(w.tokens.outsider, [w.carla.conversation.id], "done")).status).toBe(404);
    expect((await setStatus(w.tokens.ann, ["not-a-uuid"], "done")).status).toBe(404);
    expect((await db.conversation.findUniqueOrThrow({ where: { id: w.carla.conversation.id } })).status).toBe("open");
  });

  it("bad input is a clear 400", async () => {
    const bad = async (b: Record<string, unknown>) => (await call(statusRoute.POST, "POST", "/api/conversations/status", { token: w.tokens.ann, body: b })).body;
    expect((await bad({ conversationIds: [], status: "done" })).fields.conversationIds).toBe("Select at least one conversation");
    expect((await bad({ conversationIds: [w.carla.conversation.id], status: "closed" })).fields.status).toBe("status must be open, done or snoozed");
    expect((await bad({ conversationIds: [w.carla.conversation.id], status: "done", snoozeUntil: new Date(Date.now() + 60_000).toISOString() })).fields.snoozeUntil).toBe("snoozeUntil goes only with status snoozed");
    expect((await bad({ conversationIds: [w.carla.conversation.id], status: "snoozed", snoozeUntil: "2020-01-01T00:00:00Z" })).fields.snoozeUntil).toBe("snoozeUntil must be in the future");
  });
});

describe("bulk actions", () => {
  it("assign: each conversation by the one-at-a-time rules; someone else's is refused and reported", async () => {
    await db.conversation.update({ where: { id: w.dan.conversation.id }, data: { assigneeId: w.bob.id } });
    const res = await call(bulkAssignRoute.POST, "POST", "/api/conversations/bulk-assign", {
      token: w.tokens.ann,
      body: { conversationIds: [w.carla.conversation.id, w.dan.conversation.id], pageId: w.shoes.id, assigneeId: w.ann.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, changed: 1, refused: [{ conversationId: w.dan.conversation.id, message: expect.stringMatching(/assigned to someone else/) }] });
    expect(await names(w.tokens.ann, { assignee: "me" })).toEqual(["Carla Customer"]);
  });

  it("label: the label goes on every selected person, with the page label's colour", async () => {
    const res = await call(bulkLabelRoute.POST, "POST", "/api/conversations/bulk-label", {
      token: w.tokens.ann,
      body: { conversationIds: [w.carla.conversation.id, w.dan.conversation.id], pageId: w.shoes.id, tags: [{ tag: "VIP" }] },
    });
    expect(res.body).toMatchObject({ success: true, changed: 2, refused: [] });
    expect(await names(w.tokens.ann, { tags: '["vip"]' })).toEqual(["Carla Customer", "Dan Customer"]);
    expect(await db.customerTag.findMany({ where: { pageId: w.shoes.id }, select: { color: true } })).toEqual([{ color: "purple" }, { color: "purple" }]);
  });

  it("another company's conversations only: 404; mixed with the actor's own, theirs are refused and untouched", async () => {
    const theirsOnly = await call(bulkLabelRoute.POST, "POST", "/api/conversations/bulk-label", { token: w.tokens.ann, body: { conversationIds: [w.theirs.conversation.id], pageId: w.shoes.id, tags: [{ tag: "x" }] } });
    expect(theirsOnly.status).toBe(404);
    const mixed = await call(bulkAssignRoute.POST, "POST", "/api/conversations/bulk-assign", {
      token: w.tokens.ann,
      body: { conversationIds: [w.theirs.conversation.id, w.carla.conversation.id], pageId: w.shoes.id, assigneeId: w.ann.id },
    });
    expect(mixed.body).toMatchObject({ changed: 1, refused: [{ conversationId: w.theirs.conversation.id, message: "Conversation not found" }] });
    expect((await db.conversation.findUniqueOrThrow({ where: { id: w.theirs.conversation.id } })).assigneeId).toBeNull();
  });
});
