import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { claimGuestEvents, recordGuestEvent, recordSystemEvent } from "@/server/services/inbound/system-events";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeStaffPage } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";
import { body, fromCustomer, postSigned } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// System events (system-events.ts): kept as events of the customer, shown as a quiet line in the thread
// (thread API and socket), never unread, never the preview, never reordering the list, never creating a
// conversation (the one exception, a thread passed to this app, is handle-handover.ts's: handover-events.test.ts).

let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makeStaffPage>>["page"];
let token: string;
let socket: Awaited<ReturnType<typeof openSocket>>;

beforeEach(async () => {
  ({ page, token } = await makeStaffPage());
  app = await startRealServer({ realtime: true });
  socket = await openSocket(app.url, token);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
});

afterEach(async () => {
  socket.close();
  await app.close();
});

const ingestPage = () => ({ id: page.id, name: page.name, facebookPageId: page.facebookPageId });

async function thread(conversationId: string) {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token, params: { conversationId, pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>[];
}

async function list() {
  const res = await call(listRoute.GET, "GET", "/api/conversations/x", { token, params: { pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>[];
}

describe("recordSystemEvent", () => {
  it("a quiet line between the messages: no unread, no preview, no reordering; a replay stores nothing", async () => {
    const older = await makeConversation(page.id, { at: new Date(Date.now() - 120_000), lastMessage: "older one" });
    const person = await makeConversation(page.id, { at: new Date(Date.now() - 600_000), lastMessage: "message 2" });
    const [, second] = await makeMessages(person.conversation.id, person.customer.psid, 2, new Date(Date.now() - 660_000));
    expect(await socket.emit("join-conversation", { room: person.conversation.id })).toMatchObject({ ok: true });
    const before = await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } });

    const at = second!.createdTime.getTime() - 30_000; // between the two messages
    const input = { page: ingestPage(), psid: person.customer.psid, timestamp: at, event: "optin", summary: "Opted in to notifications", detail: { type: "notification_messages" } };
    const recorded = await recordSystemEvent(input);
    expect(recorded).toMatchObject({ conversationId: person.conversation.id });
    expect(await recordSystemEvent(input)).toBeNull();

    const rows = await thread(person.conversation.id);
    expect(rows.map((m) => [m.kind, m.message])).toEqual([
      ["text", "message 2"],
      ["system", "Opted in to notifications"],
      ["text", "message 1"],
    ]);
    expect(rows[1]).toMatchObject({ id: recorded!.id, mid: null, payload: "optin", direction: "inbound", timestamp: at });

    const after = await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } });
    expect(after).toMatchObject({ unreadCount: before.unreadCount, lastMessageText: before.lastMessageText, lastMessageAt: before.lastMessageAt, messagesVersion: before.messagesVersion });
    expect((await list()).map((c) => c.id)).toEqual([older.conversation.id, person.conversation.id]);

    const live = await eventually(() => socket.events.find((e) => e.name === "system-event"), Boolean);
    expect(live!.payload).toEqual({ pageId: page.id, conversationId: person.conversation.id, message: expect.objectContaining({ id: recorded!.id, kind: "system", message: "Opted in to notifications" }) });
    expect(socket.events.filter((e) => e.name === "system-event")).toHaveLength(1);
  });

  it("a person without a conversation gets none; their thread shows the event once they write", async () => {
    const psid = "5550001112223334";
    const at = Date.now() - 60_000;
    expect(await recordSystemEvent({ page: ingestPage(), psid, timestamp: at, event: "account_linking", summary: "Linked their account" })).toMatchObject({ conversationId: null });
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(0);
    expect(await db.conversation.count({ where: { pageId: page.id } })).toBe(0);
    expect(await list()).toEqual([]);

    expect((await postSigned(app.url, body(page.facebookPageId, fromCustomer(page.facebookPageId, psid, { message: { mid: "m_after_link", text: "hi" } })))).status).toBe(200);
    await processPendingWebhookEvents();
    const [row] = await list();
    expect(row).toMatchObject({ last_message: "hi", unread_count: 1 });
    expect((await thread(row!.id as string)).map((m) => m.message)).toEqual(["hi", "Linked their account"]);
  });

  it("a guest known only by user_ref is kept, and joins the thread once a message names them", async () => {
    expect(await recordGuestEvent({ page: ingestPage(), userRef: "ref-abc", timestamp: Date.now() - 5000, event: "optin", summary: "Opted in (checkbox plugin)" })).toBe(true);
    expect(await db.systemEvent.count({ where: { pageId: page.id, userRef: "ref-abc", psid: null } })).toBe(1);
    expect(await db.customer.count({ where: { pageId: page.id } })).toBe(0);
    const person = await makeConversation(page.id);
    expect(await claimGuestEvents(page.id, "ref-abc", person.customer.psid)).toBe(1);
    expect((await thread(person.conversation.id)).map((m) => m.kind)).toContain("system");
  });
});
