import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as controlRoute from "@/app/api/conversations/thread-control/route";
import * as takeRoute from "@/app/api/conversations/take-control/route";
import * as passRoute from "@/app/api/conversations/pass-control/route";
import * as sendRoute from "@/app/api/send-message/route";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { SECOND_APP_ID } from "@/tools/simulator/handover";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import { NOT_OWNER_TEXT, NOT_PRIMARY_TEXT } from "@/server/services/handover/handover-failure";
import type { ThreadControlEvent } from "@/lib/inbox/thread-control";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { simulateStoredPage, startGraphSimulator } from "./support/graph-sim";
import { startRealServer } from "./support/real-server";

// Take control and Pass back (docs/API.md "Thread control") against the simulator as Facebook: the Graph
// calls it receives, what Switchboard stores, what the agent is told and what the other agents' sockets get.

let sim: Simulator;
let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makePage>>;
let person: Awaited<ReturnType<typeof makeConversation>>;
let agent: string;
let colleague: string;
let outsider: string;
let unassigned: string;

beforeEach(async () => {
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id, { name: "Ana" });
  const other = await makeUser("staff", company.id, { name: "Ben" });
  page = await makePage(company.id, [staff.id, other.id]);
  person = await makeConversation(page.id);
  agent = await tokenFor(staff);
  colleague = await tokenFor(other);
  unassigned = await tokenFor(await makeUser("staff", company.id));
  outsider = await tokenFor(await makeUser("company_admin", (await makeCompany()).id));
  sim = await startGraphSimulator({ customers: [] });
  simulateStoredPage(sim, page);
  sim.state.customers.set(`${page.facebookPageId}:${person.customer.psid}`, {
    pageId: page.facebookPageId,
    psid: person.customer.psid,
    firstName: "Cara",
    lastName: "Lee",
    profileError: false,
    lastMessageAt: Date.now(),
    createdAt: Date.now(),
  });
  app = await startRealServer({ realtime: true });
});

afterEach(async () => {
  await sim.close();
  await app.close();
});

const ref = () => ({ conversationId: person.conversation.id, pageId: page.id });
const simOwner = () => sim.state.handover.owners.get(`${page.facebookPageId}:${person.customer.psid}`) ?? "1234567890";
const stored = () => db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id }, select: { threadOwner: true, threadOwnerAppId: true } });
const take = (token = agent) => call(takeRoute.POST, "POST", "/api/conversations/take-control", { token, body: ref() });
const pass = (target?: string, token = agent) => call(passRoute.POST, "POST", "/api/conversations/pass-control", { token, body: { ...ref(), ...(target ? { target } : {}) } });
const control = (token = agent) => call(controlRoute.GET, "GET", "/api/conversations/thread-control", { token, query: ref() });

/** Another app holds the thread on Facebook's side, and Switchboard knows it. */
async function heldBy(appId: string, owner: "page_inbox" | "other_app") {
  sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, appId);
  await db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: owner, threadOwnerAppId: appId, threadOwnerAt: new Date(Date.now() - 60_000), threadOwnerCheckedAt: new Date() } });
}

describe("Take control", () => {
  it("takes the thread from another app as the primary receiver: Facebook's owner, ours and every agent's screen agree", async () => {
    await heldBy(SECOND_APP_ID, "other_app");
    const watcher = await openSocket(app.url, colleague);
    expect(await watcher.emit("join-conversation", { room: person.conversation.id })).toMatchObject({ ok: true });

    const res = await take();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: "taken", message: "You control this conversation now.", control: { owner: "app", canReply: true, ownerName: "Switchboard" } });
    expect(simOwner()).toBe("1234567890");
    expect(sim.state.handover.log.at(-1)).toMatchObject({ action: "take_thread_control", fromAppId: SECOND_APP_ID, metadata: expect.stringContaining("Ana") });
    expect(await stored()).toEqual({ threadOwner: "app", threadOwnerAppId: "1234567890" });

    const pushed = await eventually(() => watcher.events.find((e) => e.name === "thread-control"), Boolean);
    expect((pushed?.payload as ThreadControlEvent).control).toMatchObject({ conversationId: person.conversation.id, owner: "app", canReply: true });
    watcher.close();
  });

  it("as a secondary receiver asks the owner instead (request_thread_control) and says so; nothing changes hands", async () => {
    await db.page.update({ where: { id: page.id }, data: { handoverRole: "secondary_receiver" } });
    sim.state.handover.roles.set(page.facebookPageId, "secondary_receiver");
    await heldBy(PAGE_INBOX_APP_ID, "page_inbox");

    const res = await take();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: "requested", message: "Asked Page Inbox to pass this conversation to Switchboard.", control: { owner: "page_inbox", canReply: false, takeAction: "request" } });
    expect(sim.state.handover.log.at(-1)).toMatchObject({ action: "request_thread_control" });
    expect(simOwner()).toBe(PAGE_INBOX_APP_ID);
    expect((await stored()).threadOwner).toBe("page_inbox");
  });

  it("Facebook's refusal to a secondary receiver (200) is a 409 with what to do, and the page is known as secondary from then on", async () => {
    sim.state.handover.roles.set(page.facebookPageId, "secondary_receiver");
    await heldBy(SECOND_APP_ID, "other_app");

    const res = await take();
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: NOT_PRIMARY_TEXT, graph: { kind: "permission_denied", code: 200 } });
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).handoverRole).toBe("secondary_receiver");
    expect((await stored()).threadOwner).toBe("other_app");
    expect((await control()).body).toMatchObject({ takeAction: "request" });
  });

  it("a token Facebook refuses (190) is a 502 and marks the page as needing a new token", async () => {
    await heldBy(SECOND_APP_ID, "other_app");
    sim.state.pages.get(page.facebookPageId)!.accessToken = "a-token-facebook-no-longer-knows";
    const res = await take();
    expect(res.status).toBe(502);
    expect(res.body.graph).toMatchObject({ kind: "token_invalid", code: 190 });
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).tokenStatus).toBe("needs_token");
  });
});

describe("Pass back", () => {
  it("passes the thread to the Page Inbox: Facebook's owner changes, the composer is told who holds it now", async () => {
    const res = await pass();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: "passed", message: "Passed to Page Inbox.", control: { owner: "page_inbox", canReply: false, ownerName: "Page Inbox", takeAction: "take" } });
    expect(simOwner()).toBe(PAGE_INBOX_APP_ID);
    expect(await stored()).toEqual({ threadOwner: "page_inbox", threadOwnerAppId: PAGE_INBOX_APP_ID });
  });

  it("as a secondary receiver passes back to the primary receiver named by app_roles; unknown primary → 422", async () => {
    await db.page.update({ where: { id: page.id }, data: { handoverRole: "secondary_receiver" } });
    sim.state.handover.roles.set(page.facebookPageId, "secondary_receiver");
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, "1234567890");
    expect((await pass("primary")).status).toBe(422);

    await db.page.update({
      where: { id: page.id },
      data: { handoverApps: [{ id: SECOND_APP_ID, name: "Helpdesk Bot", roles: ["primary_receiver"] }, { id: "1234567890", roles: ["secondary_receiver"] }] },
    });
    expect((await control()).body.passTargets).toEqual([{ target: "primary", label: "Helpdesk Bot" }, { target: "page_inbox", label: "Page Inbox" }]);
    const res = await pass("primary");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Passed to Helpdesk Bot.", control: { owner: "other_app", ownerName: "Helpdesk Bot", appId: SECOND_APP_ID } });
    expect(simOwner()).toBe(SECOND_APP_ID);
  });

  it("Facebook says another app already holds it (10/2018300): 409, and Switchboard asks Graph who does", async () => {
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, SECOND_APP_ID); // taken without us hearing of it
    const res = await pass();
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: NOT_OWNER_TEXT, graph: { kind: "not_thread_owner", code: 10, subcode: 2018300 } });
    expect(await stored()).toEqual({ threadOwner: "other_app", threadOwnerAppId: SECOND_APP_ID });
  });

  it("is refused before Facebook is asked while another app holds the thread", async () => {
    await heldBy(PAGE_INBOX_APP_ID, "page_inbox");
    const res = await pass();
    expect(res.status).toBe(409);
    expect(sim.state.handover.log).toEqual([]);
  });
});

describe("Reading the thread's control", () => {
  it("asks Graph's thread_owner once when it was never learned, then answers from what it stored", async () => {
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, PAGE_INBOX_APP_ID);
    const first = await control();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ owner: "page_inbox", ownerName: "Page Inbox", canReply: false, takeAction: "take", passTargets: [] });
    // Facebook's side changes without a webhook: the stored answer stands until it is stale.
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, "1234567890");
    expect((await control()).body.owner).toBe("page_inbox");
  });

  it("a thread Switchboard holds is not asked about: webhooks tell when it is taken", async () => {
    await db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: "app", threadOwnerAt: new Date() } });
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, SECOND_APP_ID);
    expect((await control()).body).toMatchObject({ owner: "app", canReply: true, passTargets: [{ target: "page_inbox", label: "Page Inbox" }] });
  });
});

describe("Sending while another app holds the thread", () => {
  it("is refused with the composer's sentence and nothing reaches Facebook; after Take control it goes out", async () => {
    await heldBy(PAGE_INBOX_APP_ID, "page_inbox");
    const send = () => call(sendRoute.POST, "POST", "/api/send-message", { token: agent, body: { ...ref(), text: "Hello!", message_type: "text" } });
    const refused = await send();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "The Page Inbox controls this conversation. Take control to reply.", threadControl: "page_inbox" });
    expect(sim.state.sent).toEqual([]);
    expect(await db.message.count({ where: { conversationId: person.conversation.id } })).toBe(0);

    expect((await take()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(sim.state.sent.map((s) => s.content.text)).toEqual(["Hello!"]);
  });

  it("Meta's own refusal (the thread changed hands unseen) is a 409 and corrects the thread's control", async () => {
    sim.state.handover.owners.set(`${page.facebookPageId}:${person.customer.psid}`, SECOND_APP_ID);
    const res = await call(sendRoute.POST, "POST", "/api/send-message", { token: agent, body: { ...ref(), text: "Hi", message_type: "text" } });
    expect(res.status).toBe(409);
    expect(res.body.graph).toMatchObject({ kind: "not_thread_owner", subcode: 2018300 });
    expect((await stored()).threadOwner).toBe("other_app");
  });
});

describe("Tenancy", () => {
  it("another company's admin and an agent not on the page get 404 and change nothing on Facebook or here", async () => {
    await heldBy(SECOND_APP_ID, "other_app");
    for (const token of [outsider, unassigned]) {
      expect((await take(token)).status).toBe(404);
      expect((await pass(undefined, token)).status).toBe(404);
      expect((await control(token)).status).toBe(404);
    }
    expect(simOwner()).toBe(SECOND_APP_ID);
    expect(sim.state.handover.log).toEqual([]);
    expect((await stored()).threadOwner).toBe("other_app");
  });

  it("a bad body is a 400 naming the field", async () => {
    const res = await call(passRoute.POST, "POST", "/api/conversations/pass-control", { token: agent, body: { ...ref(), target: "somewhere" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("target must be page_inbox or primary");
  });
});

