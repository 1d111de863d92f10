import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import { redis } from "@/server/redis";
import type { Simulator } from "@/tools/simulator/create-simulator";
import * as pagesRoute from "@/app/api/pages/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as reconnectRoute from "@/app/api/pages/[id]/reconnect/route";
import * as verifyRoute from "@/app/api/pages/verify/route";
import * as startRoute from "@/app/api/pages/facebook/start/route";
import * as callbackRoute from "@/app/api/pages/facebook/callback/route";
import * as sessionRoute from "@/app/api/pages/facebook/session/[id]/route";
import * as connectRoute from "@/app/api/pages/facebook/connect/route";
import { GRAPH_UNREACHABLE, TOKEN_INVALID, TOKEN_IS_USER_TOKEN, TOKEN_NO_MESSAGING } from "@/lib/schemas/pages";
import { SUBSCRIBED_FIELDS } from "@/server/integrations/meta/graph-pages";
import { recheckPageTokens } from "@/workers/pages/recheck-page-tokens";
import { importPageHistory } from "@/workers/pages/import-history";
import { call } from "./support/http";
import { makePage } from "./support/factory";
import { freshPageId, simulatePage, simulateStoredPage, startGraphSimulator, twoCompanyWorld } from "./support/graph-sim";
import { mailbox } from "./support/per-file";

// Connecting real Pages against the Messenger simulator: each refusal of the token check, the webhook
// subscription, Facebook Login end to end, the daily re-check and the history import.

let sim: Simulator;
beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(() => sim.close());

let w: Awaited<ReturnType<typeof twoCompanyWorld>>;
beforeEach(async () => {
  w = await twoCompanyWorld(sim);
});

const add = (token: string, body: unknown) => call(pagesRoute.POST, "POST", "/api/pages", { token, body });
const remove = (token: string, id: string) => call(pageRoute.DELETE, "DELETE", `/api/pages/${id}`, { token, params: { id } });
const reconnect = (token: string, id: string) => call(reconnectRoute.POST, "POST", `/api/pages/${id}/reconnect`, { token, params: { id } });

describe("connecting a page checks its token with Graph first", () => {
  it("refuses a token Graph does not know (190), a user token, another Page's token and a token without pages_messaging; saves nothing", async () => {
    const pageId = freshPageId();
    simulatePage(sim, pageId, "Boots");
    const other = freshPageId();
    const otherToken = simulatePage(sim, other, "Someone Else's Page");
    const bare = freshPageId();
    const bareToken = simulatePage(sim, bare, "No Messaging", undefined, ["pages_show_list"]);
    const userToken = "SIM_USER_LONG_" + "0".repeat(32);
    sim.state.userTokens.add(userToken);

    const cases: [Record<string, string>, string | RegExp][] = [
      [{ page_id: pageId, page_access_token: "EAA-made-up-token-0000000000" }, TOKEN_INVALID],
      [{ page_id: pageId, page_access_token: userToken }, TOKEN_IS_USER_TOKEN],
      [{ page_id: pageId, page_access_token: otherToken }, new RegExp(`belongs to "Someone Else's Page" \\(ID ${other}\\), not to page ${pageId}`)],
      [{ page_id: bare, page_access_token: bareToken }, TOKEN_NO_MESSAGING],
    ];
    for (const [body, message] of cases) {
      const res = await add(w.tokens.owner, { name: "Boots", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields.page_access_token).toMatch(message);
    }
    expect(await db.page.count()).toBe(0);
  });

  it("Graph unreachable → 503 with a readable message, nothing saved", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Boots");
    await sim.close();
    try {
      const res = await add(w.tokens.owner, { name: "Boots", page_id: pageId, page_access_token: token });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(GRAPH_UNREACHABLE);
      expect(await db.page.count()).toBe(0);
    } finally {
      sim = await startGraphSimulator();
    }
  });

  it("two companies cannot hold one Page, and nobody takes a Page with a token that is not that Page's", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Shared Shoes");
    expect((await add(w.tokens.owner, { name: "Shared Shoes", page_id: pageId, page_access_token: token })).status).toBe(201);
    const ownToken = simulatePage(sim, freshPageId(), "Globex Own");
    const hijack = await add(w.tokens.globexOwner, { name: "Mine", page_id: pageId, page_access_token: ownToken });
    expect(hijack.status).toBe(400);
    expect(hijack.body.fields.page_access_token).toContain(`not to page ${pageId}`);
    const duplicate = await add(w.tokens.globexOwner, { name: "Mine", page_id: pageId, page_access_token: token });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toContain("already exists");
    expect(await db.page.count({ where: { facebookPageId: pageId } })).toBe(1);
    expect((await db.page.findFirstOrThrow({ where: { facebookPageId: pageId } })).companyId).toBe(w.acme.id);
  });
});

describe("Check with Facebook and appsecret_proof", () => {
  it("POST /api/pages/verify offers Graph's name for the Page and saves nothing", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Corner Bakery");
    const res = await call(verifyRoute.POST, "POST", "/api/pages/verify", { token: w.tokens.owner, body: { page_id: pageId, page_access_token: token } });
    expect(res.body).toEqual({ success: true, page_id: pageId, name: "Corner Bakery" });
    const wrong = await call(verifyRoute.POST, "POST", "/api/pages/verify", { token: w.tokens.owner, body: { page_id: pageId, page_access_token: "EAA-made-up-token-0000000000" } });
    expect(wrong.status).toBe(400);
    expect(await db.page.count()).toBe(0);
  });

  it("with 'Require App Secret' on, the app's calls still work (they carry the proof) and a call without it is refused", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Proof Shoes");
    sim.settings.requireAppSecretProof = true;
    try {
      expect((await add(w.tokens.owner, { name: "Proof Shoes", page_id: pageId, page_access_token: token })).status).toBe(201);
      const bare = await fetch(`${sim.url}/v25.0/me?fields=id,name&access_token=${token}`);
      expect(bare.status).toBe(400);
      expect(((await bare.json()) as { error: { message: string } }).error.message).toBe("API calls from the server require an appsecret_proof argument");
      const forged = await fetch(`${sim.url}/v25.0/me?access_token=${token}&appsecret_proof=${"0".repeat(64)}`);
      expect(((await forged.json()) as { error: { message: string } }).error.message).toBe("Invalid appsecret_proof provided in the API argument");
    } finally {
      sim.settings.requireAppSecretProof = false;
    }
  });
});

describe("webhook subscription", () => {
  it("connect subscribes the app with every field; delete unsubscribes before deleting", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Boots");
    const res = await add(w.tokens.owner, { name: "Boots", page_id: pageId, page_access_token: token });
    expect(res.status).toBe(201);
    expect(res.body.page).toMatchObject({ health: "healthy", subscriptionError: null });
    expect(sim.state.subscriptions.get(pageId)?.fields).toEqual([...SUBSCRIBED_FIELDS]);
    expect((await remove(w.tokens.owner, res.body.page._id)).status).toBe(200);
    expect(sim.state.subscriptions.has(pageId)).toBe(false);
  });

  it("a failed subscription shows on the page, is queued for retry, and Reconnect fixes it", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Boots");
    sim.state.errors.push({ id: 1, endpoint: "subscribed_apps", pageId, code: 2, remaining: 2 });
    const res = await add(w.tokens.owner, { name: "Boots", page_id: pageId, page_access_token: token });
    expect(res.status).toBe(201);
    expect(res.body.page.health).toBe("not_subscribed");
    expect(res.body.page.subscriptionError).toMatch(/Subscribing to the page's webhooks failed/);
    const job = await queue().getJob(`subscribe-${res.body.page._id}`);
    // The job carries the id of the request that queued it: its logs follow that request.
    expect(job?.data).toEqual({ pageId: res.body.page._id, requestId: res.headers.get("x-request-id") });
    await job?.remove();

    const fixed = await reconnect(w.tokens.owner, res.body.page._id);
    expect(fixed.status).toBe(200);
    expect(fixed.body.page.health).toBe("healthy");
    expect(sim.state.subscriptions.has(pageId)).toBe(true);
    // Another company cannot reconnect it.
    expect((await reconnect(w.tokens.globexOwner, res.body.page._id)).status).toBe(404);
  });
});

describe("page health", () => {
  it("legacy rows are unverified; the daily check verifies them; a refused token flips to needs_token with one e-mail", async () => {
    const page = await makePage(w.acme.id, [], "Legacy");
    simulateStoredPage(sim, page);
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).verifiedAt).toBeNull();
    expect(await recheckPageTokens()).toMatchObject({ checked: 1, healthy: 1 });
    const checked = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(checked.verifiedAt).not.toBeNull();
    expect(checked.subscribedAt).not.toBeNull();

    sim.state.pages.delete(page.facebookPageId); // Facebook no longer accepts the token
    await recheckPageTokens();
    await recheckPageTokens();
    const broken = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(broken).toMatchObject({ tokenStatus: "needs_token", tokenErrorCall: "GET /me (daily check)" });
    expect(broken.tokenErrorAt).not.toBeNull();
    await expect.poll(() => mailbox.mailsTo(w.owner.email).length).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mailsTo(w.owner.email)).toHaveLength(1);
    expect(mailbox.mailsTo(w.owner.email)[0]!.raw).toContain("Legacy");
  });
});

describe("Connect with Facebook", () => {
  async function login(token: string) {
    const start = await call(startRoute.POST, "POST", "/api/pages/facebook/start", { token, body: {} });
    expect(start.status).toBe(200);
    const dialog = await (await fetch(start.body.url)).text();
    const allow = /href="([^"]+)">Allow</.exec(dialog)?.[1]?.replaceAll("&#38;", "&");
    expect(allow).toMatch(/\/api\/pages\/facebook\/callback\?code=/);
    return new URL(allow!);
  }
  const callback = (url: URL) => callbackRoute.GET(new Request(url), { params: Promise.resolve({}) });

  it("dialog → callback → picker (no tokens) → connect: verified, subscribed; a replayed or foreign state is refused", async () => {
    const mine = freshPageId();
    simulatePage(sim, mine, "Login Shoes");
    const taken = await makePage(w.globex.id, [], "Globex Taken");
    simulateStoredPage(sim, taken);

    const back = await login(w.tokens.owner);
    const res = await callback(back);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/company\/fb-pages\/add\?facebook=/);
    const session = new URL(location, "http://x").searchParams.get("facebook")!;

    // The same state a second time: a readable page, not a stack trace.
    const replay = await callback(back);
    expect(replay.status).toBe(400);
    expect(replay.headers.get("content-type")).toContain("text/html");
    expect(await replay.text()).toContain("not valid any more");
    // A state we did not sign.
    const forged = new URL(back);
    forged.searchParams.set("state", `${forged.searchParams.get("state")!.split(".")[0]}.forged`);
    expect((await callback(forged)).status).toBe(400);

    // Another user cannot read or use the picker session.
    expect((await call(sessionRoute.GET, "GET", `/api/pages/facebook/session/${session}`, { token: w.tokens.globexOwner, params: { id: session } })).status).toBe(404);
    const picker = await call(sessionRoute.GET, "GET", `/api/pages/facebook/session/${session}`, { token: w.tokens.owner, params: { id: session } });
    expect(picker.status).toBe(200);
    expect(JSON.stringify(picker.body)).not.toMatch(/SIM_TEST_PAGE_TOKEN|access_token/i);
    expect(picker.body.pages).toEqual(
      expect.arrayContaining([
        { id: mine, name: "Login Shoes", connected: false, ours: false },
        { id: taken.facebookPageId, name: "Globex Taken", connected: true, ours: false },
      ]),
    );

    const connected = await call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session, pageIds: [mine, taken.facebookPageId] } });
    expect(connected.status).toBe(200);
    expect(connected.body.results).toEqual([
      expect.objectContaining({ page_id: mine, ok: true }),
      expect.objectContaining({ page_id: taken.facebookPageId, ok: false, error: "This Facebook page already exists" }),
    ]);
    const row = await db.page.findFirstOrThrow({ where: { facebookPageId: mine } });
    expect(row).toMatchObject({ companyId: w.acme.id, ownerId: w.owner.id, name: "Login Shoes" });
    expect(row.verifiedAt).not.toBeNull();
    expect(sim.state.subscriptions.get(mine)?.fields).toEqual([...SUBSCRIBED_FIELDS]);
    // The session is single use.
    expect((await call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session, pageIds: [mine] } })).status).toBe(404);
  });
});

describe("history import", () => {
  it("imports recent conversations once (idempotent by mid), marked imported, without unread counts", async () => {
    const pageId = freshPageId();
    simulatePage(sim, pageId, "Import Shoes");
    const page = await makePage(w.acme.id, [], "Import Shoes");
    await db.page.update({ where: { id: page.id }, data: { facebookPageId: pageId, accessTokenEnc: (await import("@/server/security/secret-box")).encryptSecret(`SIM_TEST_PAGE_TOKEN_${pageId}`) } });
    for (let i = 0; i < 3; i++) {
      const psid = `55500000000000${i}`;
      sim.state.customers.set(`${pageId}:${psid}`, { pageId, psid, firstName: `Ann${i}`, lastName: "Lee", profileError: false, createdAt: Date.now() });
      sim.state.customerMessages.push({ pageId, psid, mid: `m_hist_${i}_a`, text: `hello ${i}`, attachments: [], timestamp: Date.now() - 60_000 * (i + 2), deliveryIds: [] });
      sim.state.inboxReplies.push({ pageId, psid, mid: `m_hist_${i}_b`, text: `reply ${i}`, time: Date.now() - 60_000 * (i + 1) });
    }
    expect(await importPageHistory(page.id)).toEqual({ conversations: 3, messages: 6 });
    expect(await importPageHistory(page.id)).toEqual({ conversations: 3, messages: 0 });
    expect(await db.message.count({ where: { conversation: { pageId: page.id }, isImported: true } })).toBe(6);
    const conversations = await db.conversation.findMany({ where: { pageId: page.id }, include: { customer: true } });
    expect(conversations.map((c) => c.customer.name).sort()).toEqual(["Ann0 Lee", "Ann1 Lee", "Ann2 Lee"]);
    expect(conversations.every((c) => c.unreadCount === 0)).toBe(true);
    expect(conversations.find((c) => c.customer.name === "Ann0 Lee")?.lastMessageText).toBe("reply 0");
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ importState: "done", importDone: 3, importTotal: 3 });
  });

  afterAll(async () => {
    await queue().obliterate({ force: true }).catch(() => {});
    await redis().flushdb();
  });
});
