import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import * as sendRoute from "@/app/api/send-message/route";
import * as resumeRoute from "@/app/api/offers/[id]/resume/route";
import type { MessengerEvent } from "@/server/integrations/meta/webhook-body";
import { loadIngestContext } from "@/server/services/inbound/ingest-context";
import { runEvent } from "@/server/services/inbound/process-webhook";
import { OFFER_REASONS } from "@/server/services/offers/reasons";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { PageStatus } from "@/lib/schemas/pages";
import { mailbox } from "./support/per-file";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { startRealServer } from "./support/real-server";

// The handlers of the handover, standby, app_roles and policy events (server/services/inbound/handle-*.ts)
// run on events as the parser yields them (server/integrations/meta/webhook-body.ts), against the real database
// and an agent's socket. The signed-webhook path is in webhook-handover.test.ts.

const OURS = "1234567890";
const BOT = "777000000000001";

let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makePage>>;
let person: Awaited<ReturnType<typeof makeConversation>>;
let agent: string;
let admin: Awaited<ReturnType<typeof makeUser>>;
let socket: Awaited<ReturnType<typeof openSocket>>;
let clock = 0;

beforeEach(async () => {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id);
  admin = await makeUser("company_admin", company.id, { email: `owner-${Date.now()}@example.test` });
  page = await makePage(company.id, [staff.id]);
  person = await makeConversation(page.id, { lastMessage: "Where is my order?", unread: 0, at: new Date(Date.now() - 60_000) });
  clock = Date.now() - 30_000;
  agent = await tokenFor(staff);
  app = await startRealServer({ realtime: true });
  socket = await openSocket(app.url, agent);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
});

afterEach(async () => {
  socket.close();
  await app.close();
});

afterAll(async () => {
  await queue().close();
});

const at = () => (clock += 1000);
async function run(event: MessengerEvent) {
  await runEvent(await loadIngestContext([event]), event);
}
const handover = (action: "pass_thread_control" | "take_thread_control" | "request_thread_control", fields: Record<string, string>, psid = person.customer.psid, timestamp = at()): MessengerEvent => ({
  kind: "handover",
  pageId: page.facebookPageId,
  psid,
  timestamp,
  raw: {},
  action,
  ...fields,
});
const stored = () => db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } });
const controlEvents = () => socket.events.filter((e) => e.name === "thread-control").map((e) => e.payload as ThreadControlEvent);
/** A mail's text without quoted-printable's soft line breaks. */
const mailText = (raw: string) => raw.replace(/=\r?\n/g, "");
const statusEvents = () => socket.events.filter((e) => e.name === "page-updated").map((e) => e.payload as PageStatus);

describe("messaging_handovers", () => {
  it("take_thread_control (the thread was taken from Switchboard) records the new owner and tells the agents; a redelivery changes nothing", async () => {
    const event = handover("take_thread_control", { previousOwnerAppId: OURS, newOwnerAppId: PAGE_INBOX_APP_ID });
    await run(event);
    expect(await stored()).toMatchObject({ threadOwner: "page_inbox", threadOwnerAppId: PAGE_INBOX_APP_ID, unreadCount: 0, lastMessageText: "Where is my order?" });
    const pushed = await eventually(controlEvents, (list) => list.length === 1);
    expect(pushed[0]!.control).toMatchObject({ conversationId: person.conversation.id, owner: "page_inbox", canReply: false, takeAction: "take" });

    await run(event);
    await new Promise((r) => setTimeout(r, 100));
    expect(controlEvents()).toHaveLength(1);
  });

  it("pass_thread_control to Switchboard for a person who never wrote: the conversation appears waiting for an agent, once", async () => {
    const psid = "2400000000009999";
    const event = handover("pass_thread_control", { previousOwnerAppId: BOT, newOwnerAppId: OURS, metadata: "Customer asked for a human" }, psid);
    await run(event);
    await run(event); // Meta retries: still one unread

    const customer = await db.customer.findUniqueOrThrow({ where: { pageId_channel_psid: { pageId: page.id, channel: "messenger", psid } }, include: { conversation: true } });
    expect(customer.conversation).toMatchObject({ threadOwner: "app", threadOwnerAppId: OURS, unreadCount: 1, lastMessageText: "Passed to Switchboard" });
    const pushed = await eventually(controlEvents, (list) => list.length === 1);
    expect(pushed[0]).toMatchObject({ conversationId: customer.conversation!.id, control: { owner: "app", canReply: true }, conversation: { unread_count: 1, last_message: "Passed to Switchboard" } });
    expect(await db.message.count({ where: { conversationId: customer.conversation!.id } })).toBe(0);
  });

  it("pass_thread_control back to Switchboard from the bot: the composer opens again and the conversation waits for an agent", async () => {
    await db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: "other_app", threadOwnerAppId: BOT, threadOwnerAt: new Date(clock - 5000) } });
    await run(handover("pass_thread_control", { previousOwnerAppId: BOT, newOwnerAppId: OURS }));
    expect(await stored()).toMatchObject({ threadOwner: "app", unreadCount: 1, lastMessageText: "Passed to Switchboard" });
  });

  it("an older event delivered late never overrides a newer one", async () => {
    const newer = at();
    await run(handover("take_thread_control", { previousOwnerAppId: OURS, newOwnerAppId: BOT }, person.customer.psid, newer));
    await run(handover("pass_thread_control", { previousOwnerAppId: BOT, newOwnerAppId: OURS }, person.customer.psid, newer - 500));
    expect(await stored()).toMatchObject({ threadOwner: "other_app", threadOwnerAppId: BOT, unreadCount: 0 });
  });

  it("request_thread_control leaves the thread with Switchboard", async () => {
    await db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: "app", threadOwnerAt: new Date(clock - 5000) } });
    await run(handover("request_thread_control", { requestedOwnerAppId: BOT }));
    expect((await stored()).threadOwner).toBe("app");
  });
});

describe("standby", () => {
  const message = (text: string, standby: boolean, fields: Partial<Extract<MessengerEvent, { kind: "message" }>> = {}): MessengerEvent => ({
    kind: "message",
    pageId: page.facebookPageId,
    psid: person.customer.psid,
    timestamp: at(),
    raw: {},
    standby,
    mid: `m_standby_${clock}`,
    text,
    attachments: [],
    isEcho: false,
    isDeleted: false,
    isUnsupported: false,
    ...fields,
  });

  it("a customer's message in standby is stored and shown, and tells that another app holds the thread; one in messaging that Switchboard holds it again", async () => {
    await run(message("Is anyone there?", true));
    expect(await db.message.count({ where: { conversationId: person.conversation.id, text: "Is anyone there?" } })).toBe(1);
    expect(await stored()).toMatchObject({ threadOwner: "other_app", threadOwnerAppId: null, threadOwnerCheckedAt: null });
    expect((await eventually(controlEvents, (l) => l.length === 1))[0]!.control).toMatchObject({ owner: "other_app", ownerName: "Another app", canReply: false });

    await run(message("Still there?", true));
    await new Promise((r) => setTimeout(r, 100));
    expect(controlEvents()).toHaveLength(1); // nothing new to tell

    await run(message("Thanks!", false));
    expect((await stored()).threadOwner).toBe("app");
  });

  it("a Page Inbox reply echoed in standby names the Page Inbox as the owner", async () => {
    await run(message("We are on it", true, { isEcho: true, appId: PAGE_INBOX_APP_ID }));
    expect(await stored()).toMatchObject({ threadOwner: "page_inbox", threadOwnerAppId: PAGE_INBOX_APP_ID });
  });
});

describe("app_roles", () => {
  it("sets Switchboard's role and the page's apps, and pushes the page's status", async () => {
    await run({ kind: "app_roles", pageId: page.facebookPageId, timestamp: at(), raw: {}, roles: { [OURS]: ["secondary_receiver"], [BOT]: ["primary_receiver"], [PAGE_INBOX_APP_ID]: ["secondary_receiver"] } });
    const row = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(row.handoverRole).toBe("secondary_receiver");
    expect(row.handoverApps).toEqual([
      { id: OURS, name: "Switchboard", roles: ["secondary_receiver"] },
      { id: BOT, roles: ["primary_receiver"] },
      { id: PAGE_INBOX_APP_ID, name: "Page Inbox", roles: ["secondary_receiver"] },
    ]);
    const status = await eventually(statusEvents, (l) => l.length === 1);
    expect(status[0]).toMatchObject({ pageId: page.id, handover: { role: "secondary_receiver" } });
  });
});

describe("messaging_policy_enforcement", () => {
  const policy = (action: "block" | "warning" | "unblock", reason?: string, timestamp = at()): MessengerEvent => ({ kind: "policy", pageId: page.facebookPageId, timestamp, raw: {}, action, reason });
  const REASON = "The bot violated our Platform Policies. Common violations include sending out excessive spammy messages.";
  const send = () => call(sendRoute.POST, "POST", "/api/send-message", { token: agent, body: { conversationId: person.conversation.id, pageId: page.id, text: "Hello", message_type: "text" } });

  it("block: health state with Meta's reason, sending paused, running offers paused, one e-mail even when Meta retries; unblock clears it and resumes them", async () => {
    const offer = await db.offer.create({ data: { companyId: page.companyId, pageId: page.id, createdByName: "x", type: "text", message: "Sale", tags: [], status: "running", startedAt: new Date() } });
    const block = policy("block", REASON);
    await run(block);
    await run(block);

    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ policyState: "blocked", policyReason: REASON });
    expect(await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({ status: "paused", statusReason: OFFER_REASONS.policyBlocked });
    const pushed = await eventually(statusEvents, (l) => l.length >= 1);
    expect(pushed[0]).toMatchObject({ pageId: page.id, health: "policy_blocked", policy: { state: "blocked", reason: REASON } });
    await eventually(() => mailbox.mailsTo(admin.email).length, (n) => n === 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mailsTo(admin.email)).toHaveLength(1);
    expect(mailText(mailbox.mailsTo(admin.email)[0]!.raw)).toContain("Meta has blocked messaging for your page");
    expect(mailText(mailbox.mailsTo(admin.email)[0]!.raw)).toContain(REASON);

    const refused = await send();
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ policy: "blocked" });
    expect(refused.body.error).toContain("sending is paused until Meta lifts the block");
    expect(await db.message.count({ where: { conversationId: person.conversation.id } })).toBe(0);
    const owner = await tokenFor(admin);
    expect((await call(resumeRoute.POST, "POST", `/api/offers/${offer.id}/resume`, { token: owner, params: { id: offer.id } })).status).toBe(422);

    await run(policy("warning", "Another warning")); // never softens a block
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).policyState).toBe("blocked");

    await run(policy("unblock"));
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ policyState: null, policyReason: null });
    expect(await db.offer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({ status: "running", statusReason: null });
    expect((await eventually(statusEvents, (l) => l.some((s) => s.health !== "policy_blocked"))).at(-1)).toMatchObject({ policy: null });
  });

  it("warning: a health state of its own, nothing paused, one e-mail", async () => {
    await run(policy("warning", "Your page is close to a block."));
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ policyState: "warning", policyReason: "Your page is close to a block." });
    expect((await eventually(statusEvents, (l) => l.length === 1))[0]).toMatchObject({ health: "policy_warning" });
    await eventually(() => mailbox.mailsTo(admin.email).length, (n) => n === 1);
    expect(mailText(mailbox.mailsTo(admin.email)[0]!.raw)).toContain("Your page is close to a block.");
  });

  it("an unblock older than the block that stands changes nothing", async () => {
    const blockAt = at();
    await run(policy("block", REASON, blockAt));
    await run(policy("unblock", undefined, blockAt - 1000));
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).policyState).toBe("blocked");
  });
});
