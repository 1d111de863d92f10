import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import * as sendRoute from "@/app/api/send-message/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as controlRoute from "@/app/api/conversations/thread-control/route";
import * as myPagesRoute from "@/app/api/pages/me/route";
import { checkHandoverRole } from "@/server/services/handover/page-role";
import { SECOND_APP_ID } from "@/tools/simulator/handover";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import type { PageStatus } from "@/lib/schemas/pages";
import { mailbox } from "./support/per-file";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { eventually, openSocket, simPost, startChannel, type Channel } from "./support/channel";
import { postSigned } from "./support/webhook-post";

// The handover protocol and Meta's policy enforcement from end to end: the simulator plays the Page's other
// apps and Meta (docs/SIMULATOR.md "Handover and policy"), its signed webhooks go through the real webhook,
// the worker's drain, and come out through the thread API, the thread-control API and an agent's socket.

const PAGE_ID = "200000000000077";
const PAGE_TOKEN = "PAGE_TOKEN_for_handover_tests_0077";

let channel: Channel;
let page: { id: string };
let agent: string;
let owner: Awaited<ReturnType<typeof makeUser>>;
let socket: Awaited<ReturnType<typeof openSocket>>;

beforeEach(async () => {
  const company = await makeCompany("Acme");
  const staff = await makeUser("staff", company.id, { name: "Sara Staff" });
  owner = await makeUser("company_admin", company.id, { email: `acme-owner-${Date.now()}@example.test` });
  page = await db.page.create({ data: { companyId: company.id, name: "Acme Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN), verifiedAt: new Date(), subscribedAt: new Date() } });
  await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
  agent = await tokenFor(staff);
  channel = await startChannel([{ pageId: PAGE_ID, name: "Acme Shoes", accessToken: PAGE_TOKEN }]);
  socket = await openSocket(channel.appUrl, agent);
  expect(await socket.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
});

afterEach(async () => {
  socket.close();
  await channel.close();
});

const settled = () => eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
const send = (conversationId: string, text: string) => call(sendRoute.POST, "POST", "/api/send-message", { token: agent, body: { conversationId, pageId: page.id, text, message_type: "text" } });
const controlEvents = () => socket.events.filter((e) => e.name === "thread-control").map((e) => e.payload as ThreadControlEvent);

async function customerWrites(psid: string, text: string) {
  await simPost(channel.sim, "/sim/messages", { pageId: PAGE_ID, psid, text });
  await settled();
}

async function thread(conversationId: string) {
  const res = await call(threadRoute.GET, "GET", "/api/conversation/x/y", { token: agent, params: { conversationId, pageId: page.id } });
  expect(res.status).toBe(200);
  return res.body.data as { kind: string; message: string; direction: string }[];
}

describe("a second app takes the thread, the customer writes in standby, the thread comes back", () => {
  it("every step reaches the thread API and the agent's socket", async () => {
    await checkHandoverRole(page.id); // Switchboard is the primary receiver; the apps' names come from Graph
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Maya", lastName: "Chen" });
    await customerWrites(psid, "Hi, my order is late");
    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    expect(socket.events.filter((e) => e.name === "new-message")).toHaveLength(1);

    // Helpdesk Bot takes the thread: Meta tells Switchboard (take_thread_control).
    await simPost(channel.sim, "/sim/handover/take", { pageId: PAGE_ID, psid, appId: "bot" });
    await settled();
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ threadOwner: "other_app", threadOwnerAppId: SECOND_APP_ID });
    const taken = await eventually(controlEvents, (l) => l.length === 1);
    expect(taken[0]!.control).toMatchObject({ owner: "other_app", ownerName: "Helpdesk Bot", canReply: false, takeAction: "take" });
    expect((await thread(conversation.id)).filter((m) => m.kind === "system").map((m) => m.message)).toEqual(["Taken by Helpdesk Bot"]);

    // The customer goes on writing: it arrives in standby, and is stored and shown like any message.
    await customerWrites(psid, "Hello? Anyone?");
    expect((channel.sim.state.events.at(-1)!.body as { entry: object[] }).entry[0]).toHaveProperty("standby");
    const arrived = await eventually(() => socket.events.filter((e) => e.name === "new-message"), (l) => l.length === 2);
    expect((arrived[1]!.payload as { message: { message: string } }).message.message).toBe("Hello? Anyone?");
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ unreadCount: 2, lastMessageText: "Hello? Anyone?", threadOwner: "other_app" });

    // The composer's refusal, before Facebook is asked.
    const refused = await send(conversation.id, "We are here!");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("Another app controls this conversation. Take control to reply.");
    expect(channel.sim.state.sent).toEqual([]);

    // The bot hands the thread back: pass_thread_control to Switchboard, and the conversation waits for an agent.
    await simPost(channel.sim, "/sim/handover/pass", { pageId: PAGE_ID, psid });
    await settled();
    const back = await eventually(controlEvents, (l) => l.length === 2);
    expect(back[1]).toMatchObject({ control: { owner: "app", canReply: true }, conversation: { id: conversation.id, unread_count: 3, last_message: "Passed to Switchboard" } });
    expect((await thread(conversation.id)).filter((m) => m.kind === "system").map((m) => m.message)).toEqual(["Passed to Switchboard", "Taken by Helpdesk Bot"]); // newest first

    expect((await send(conversation.id, "Sorry for the wait!")).status).toBe(200);
    expect(channel.sim.state.sent.map((s) => s.content.text)).toEqual(["Sorry for the wait!"]);
  });

  it("a Page Inbox reply in standby names the Page Inbox; a message in messaging again gives the thread back", async () => {
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Ravi", lastName: "Das" });
    await customerWrites(psid, "Hello");
    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    // The Page Inbox took the thread while Switchboard was not listening (no webhook reached us).
    channel.sim.state.handover.owners.set(`${PAGE_ID}:${psid}`, "263902037430900");
    await simPost(channel.sim, "/sim/echo", { pageId: PAGE_ID, psid, text: "Answered from Facebook" });
    await settled();
    expect(await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).toMatchObject({ threadOwner: "page_inbox" });
    expect((await call(controlRoute.GET, "GET", "/api/conversations/thread-control", { token: agent, query: { conversationId: conversation.id } })).body).toMatchObject({
      owner: "page_inbox",
      canReply: false,
    });

    channel.sim.state.handover.owners.delete(`${PAGE_ID}:${psid}`); // idle again: the primary receiver gets messages
    await customerWrites(psid, "Thanks");
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).threadOwner).toBe("app");
  });
});

describe("app_roles", () => {
  it("Switchboard made a secondary receiver: the page's role and apps change, live; Take control then asks for the thread", async () => {
    await simPost(channel.sim, "/sim/handover/roles", { pageId: PAGE_ID, role: "secondary_receiver" });
    await settled();
    const row = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(row.handoverRole).toBe("secondary_receiver");
    expect(row.handoverApps).toEqual(expect.arrayContaining([{ id: SECOND_APP_ID, roles: ["primary_receiver"] }]));
    const status = await eventually(() => socket.events.filter((e) => e.name === "page-updated"), (l) => l.length === 1);
    expect(status[0]!.payload as PageStatus).toMatchObject({ pageId: page.id, health: "healthy", handover: { role: "secondary_receiver" } });

    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Lea", lastName: "Roy" });
    await customerWrites(psid, "Hi"); // the bot (now primary) holds the thread: standby
    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    expect((await call(controlRoute.GET, "GET", "/api/conversations/thread-control", { token: agent, query: { conversationId: conversation.id } })).body).toMatchObject({
      owner: "other_app",
      takeAction: "request",
    });
  });
});

describe("messaging_policy_enforcement", () => {
  it("block, then warning, then unblock: banner state and reason, one e-mail per event even when Meta retries, sending paused and resumed", async () => {
    const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId: PAGE_ID, firstName: "Noor", lastName: "Ali" });
    await customerWrites(psid, "Hello");
    const conversation = await db.conversation.findFirstOrThrow({ where: { customer: { psid } } });
    // The Page screens follow the page's health in a room of their own: the company admin may, staff may not.
    const admin = await openSocket(channel.appUrl, await tokenFor(owner));
    expect(await admin.emit("join-page-admin", { pageId: page.id })).toMatchObject({ ok: true });
    expect(await socket.emit("join-page-admin", { pageId: page.id })).toMatchObject({ ok: false });

    await simPost(channel.sim, "/sim/policy", { pageId: PAGE_ID, action: "block", reason: "Your page sent spam." });
    await settled();
    // Meta retries the very same body (say, our answer was lost): the block stands, and no second e-mail.
    const blockBody = JSON.stringify(channel.sim.state.events.at(-1)!.body);
    expect((await postSigned(channel.appUrl, blockBody)).status).toBe(200);
    await settled();

    const pages = await call(myPagesRoute.GET, "GET", "/api/pages/me", { token: agent });
    expect(pages.body.pages[0]).toMatchObject({ health: "policy_blocked", policy: { state: "blocked", reason: "Your page sent spam." } });
    const pushed = await eventually(() => socket.events.filter((e) => e.name === "page-updated"), (l) => l.length >= 1);
    expect(pushed[0]!.payload as PageStatus).toMatchObject({ health: "policy_blocked", policy: { reason: "Your page sent spam." } });
    const onPageScreen = await eventually(() => admin.events.filter((e) => e.name === "page-updated"), (l) => l.length >= 1);
    expect(onPageScreen[0]!.payload as PageStatus).toMatchObject({ pageId: page.id, health: "policy_blocked" });
    admin.close();
    await eventually(() => mailbox.mailsTo(owner.email).length, (n) => n === 1);
    const refused = await send(conversation.id, "Hi!");
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("Meta has blocked messaging for this page, so sending is paused until Meta lifts the block. Meta's reason: Your page sent spam.");

    await simPost(channel.sim, "/sim/policy", { pageId: PAGE_ID, action: "unblock" });
    await settled();
    expect((await call(myPagesRoute.GET, "GET", "/api/pages/me", { token: agent })).body.pages[0]).toMatchObject({ health: "healthy", policy: null });
    await eventually(() => socket.events.filter((e) => e.name === "page-updated"), (l) => (l.at(-1)?.payload as PageStatus).policy === null);
    expect((await send(conversation.id, "We are back")).status).toBe(200);

    await simPost(channel.sim, "/sim/policy", { pageId: PAGE_ID, action: "warning", reason: "Too many messages outside the window." });
    await settled();
    expect((await call(myPagesRoute.GET, "GET", "/api/pages/me", { token: agent })).body.pages[0]).toMatchObject({ health: "policy_warning", policy: { state: "warning" } });
    await eventually(() => mailbox.mailsTo(owner.email).length, (n) => n === 2);
    expect((await send(conversation.id, "Still here")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mailsTo(owner.email)).toHaveLength(2); // block and warning; an unblock mails nobody
  });
});
