import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
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
import { PAGE_ALREADY_EXISTS, TOKEN_INVALID } from "@/lib/schemas/pages";
import { PICKER_TTL_S } from "@/server/services/pages/facebook-login/login-store";
import { companyBudgetExceeded, userBudgetExceeded } from "@/server/services/pages/connection/graph-budget";
import { importPageHistory } from "@/workers/pages/import-history";
import { INBOUND_TEXT_MAX_LENGTH } from "@/server/integrations/meta/inbound-text";
import { call } from "./support/http";
import { makePage, makeUser, tokenFor } from "./support/factory";
import { freshPageId, simulatePage, simulateStoredPage, startGraphSimulator, twoCompanyWorld } from "./support/graph-sim";

// Issue 29, points 5 to 8: what Facebook Login leaves in Redis, what editing a page tells about other
// companies' pages, how many Graph calls users' requests may cause, and what a history import stores.

let sim: Simulator;
beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(() => sim.close());

let w: Awaited<ReturnType<typeof twoCompanyWorld>>;
beforeEach(async () => {
  w = await twoCompanyWorld(sim);
});

/** The Login dialog's "Allow" link: the callback URL with a code and our state. */
async function login(token: string) {
  const start = await call(startRoute.POST, "POST", "/api/pages/facebook/start", { token, body: {} });
  const dialog = await (await fetch(start.body.url)).text();
  return new URL(/href="([^"]+)">Allow</.exec(dialog)![1]!.replaceAll("&#38;", "&"));
}

/** Every value Redis holds in this test's db, whatever its type, as text. */
async function everythingInRedis(): Promise<string> {
  const r = redis();
  const keys = await r.keys("*");
  const parts: string[] = [];
  for (const key of keys) {
    const type = await r.type(key);
    if (type === "string") parts.push(key, (await r.get(key)) ?? "");
    else if (type === "hash") parts.push(key, JSON.stringify(await r.hgetall(key)));
    else if (type === "list") parts.push(key, JSON.stringify(await r.lrange(key, 0, -1)));
    else if (type === "set") parts.push(key, JSON.stringify(await r.smembers(key)));
    else if (type === "zset") parts.push(key, JSON.stringify(await r.zrange(key, "0", "-1")));
    else if (type === "stream") parts.push(key, JSON.stringify(await r.xrange(key, "-", "+")));
    else parts.push(key, type);
  }
  return parts.join("\n");
}

describe("Facebook Login keeps no token in clear (point 5)", () => {
  it("after the callback no Page token and no user token is in Redis in clear; the picked Page still connects with its own token", async () => {
    const picked = freshPageId();
    const pickedToken = simulatePage(sim, picked, "Picked Shoes");
    const others = [freshPageId(), freshPageId(), freshPageId()].map((id, i) => simulatePage(sim, id, `Other ${i}`));

    const res = await callbackRoute.GET(new Request(await login(w.tokens.owner)), { params: Promise.resolve({}) });
    expect(res.status).toBe(303);
    const session = new URL(res.headers.get("location")!, "http://x").searchParams.get("facebook")!;

    const stored = await everythingInRedis();
    expect(stored).toContain(session); // the picker is there …
    for (const token of [pickedToken, ...others, ...sim.state.userTokens]) expect(stored).not.toContain(token); // … but no token in clear
    expect(sim.state.userTokens.size).toBe(2); // the short- and the long-lived user token were both checked
    const ttl = await redis().ttl(`fb-login:picker:${session}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(PICKER_TTL_S);
    expect(PICKER_TTL_S).toBeLessThanOrEqual(10 * 60);

    const picker = await call(sessionRoute.GET, "GET", `/api/pages/facebook/session/${session}`, { token: w.tokens.owner, params: { id: session } });
    expect(picker.body.pages).toHaveLength(4);

    const connected = await call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session, pageIds: [picked] } });
    expect(connected.body.results).toEqual([expect.objectContaining({ page_id: picked, ok: true })]);
    expect(sim.state.subscriptions.has(picked)).toBe(true);
    // Only the picked Page's token is stored (encrypted); nothing of the login stays in Redis.
    expect(await db.page.count()).toBe(1);
    const after = await everythingInRedis();
    expect(after).not.toContain(session);
    for (const token of [pickedToken, ...others, ...sim.state.userTokens]) expect(after).not.toContain(token);
  });

  it("a Page the person no longer manages at connect time is not connected; a revoked login reads as expired", async () => {
    const stays = freshPageId();
    simulatePage(sim, stays, "Stays");
    const goes = freshPageId();
    simulatePage(sim, goes, "Goes");
    const res = await callbackRoute.GET(new Request(await login(w.tokens.owner)), { params: Promise.resolve({}) });
    const session = new URL(res.headers.get("location")!, "http://x").searchParams.get("facebook")!;
    sim.state.pages.delete(goes);
    const connected = await call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session, pageIds: [stays, goes] } });
    expect(connected.body.results).toEqual([
      expect.objectContaining({ page_id: stays, ok: true }),
      expect.objectContaining({ page_id: goes, ok: false, error: "This page was not in your Facebook login" }),
    ]);

    const again = await callbackRoute.GET(new Request(await login(w.tokens.owner)), { params: Promise.resolve({}) });
    const second = new URL(again.headers.get("location")!, "http://x").searchParams.get("facebook")!;
    sim.state.userTokens.clear(); // the person removed the app from their Facebook settings
    const revoked = await call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session: second, pageIds: [stays] } });
    expect(revoked.status).toBe(404);
  });
});

describe("editing a page tells nothing about other companies' pages (point 6)", () => {
  const put = (token: string, id: string, body: unknown) => call(pageRoute.PUT, "PUT", `/api/pages/${id}`, { token, params: { id }, body });

  it("another company's page id and an unused id get the same token error; only that Page's own token learns it is taken", async () => {
    const mine = await makePage(w.acme.id, [], "Mine");
    simulateStoredPage(sim, mine);
    const theirs = await makePage(w.globex.id, [], "Theirs");
    simulateStoredPage(sim, theirs);
    const unused = freshPageId();
    simulatePage(sim, unused, "Unused");

    const madeUp = "EAA-made-up-token-0000000000";
    const taken = await put(w.tokens.owner, mine.id, { name: "Mine", page_id: theirs.facebookPageId, page_access_token: madeUp });
    const free = await put(w.tokens.owner, mine.id, { name: "Mine", page_id: unused, page_access_token: madeUp });
    expect(taken.status).toBe(400);
    expect(taken.body.fields.page_access_token).toBe(TOKEN_INVALID);
    expect({ ...free, headers: undefined }).toEqual({ ...taken, headers: undefined });

    // Without a new token the stored one (Mine's) is checked against the new id: "not this page" for both.
    const takenNoToken = await put(w.tokens.owner, mine.id, { name: "Mine", page_id: theirs.facebookPageId });
    const freeNoToken = await put(w.tokens.owner, mine.id, { name: "Mine", page_id: unused });
    expect(takenNoToken.status).toBe(400);
    expect(takenNoToken.body.message).not.toContain("already exists");
    expect(freeNoToken.body.message.replaceAll(unused, "ID")).toBe(takenNoToken.body.message.replaceAll(theirs.facebookPageId, "ID"));

    // Holding the Page's own token proves it: then "already exists" tells nothing new.
    const proven = await put(w.tokens.owner, mine.id, { name: "Mine", page_id: theirs.facebookPageId, page_access_token: sim.state.pages.get(theirs.facebookPageId)!.accessToken });
    expect(proven.status).toBe(400);
    expect(proven.body.message).toBe(PAGE_ALREADY_EXISTS);
    expect((await db.page.findUniqueOrThrow({ where: { id: mine.id } })).facebookPageId).toBe(mine.facebookPageId);
  });
});

describe("Graph-calling endpoints have a budget (point 7)", () => {
  const PER_USER = 10;
  const PER_COMPANY = 30;
  const verify = (token: string, body: unknown) => call(verifyRoute.POST, "POST", "/api/pages/verify", { token, body });
  const graphCalls = () => sim.state.graphRequests.length;
  const debugCalls = () => sim.state.graphRequests.filter((r) => r.path.endsWith("/debug_token")).length;

  it("40 parallel Check token: 10 answered with at most 11 Graph calls, 30 refused with 429, a clear message and Retry-After", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Budget Shoes");
    sim.state.graphRequests.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, () => verify(w.tokens.owner, { page_id: pageId, page_access_token: token })));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(PER_USER);
    expect(refused).toHaveLength(40 - PER_USER);
    // GET /me per check, and debug_token (app token) once for the token: the others wait for that answer.
    expect(graphCalls()).toBeLessThanOrEqual(PER_USER + 1);
    expect(debugCalls()).toBe(1);
    const retryAfter = Number(refused[0]!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused[0]!.body.message).toBe(userBudgetExceeded(PER_USER, 60, retryAfter));
  });

  it("20 parallel reconnects: 10 go to Graph (GET /me, subscribed_apps, the handover role and the linked Instagram account each, debug_token once), 10 are refused", async () => {
    const page = await makePage(w.acme.id, [], "Reconnect Shoes");
    simulateStoredPage(sim, page);
    sim.state.graphRequests.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(reconnectRoute.POST, "POST", `/api/pages/${page.id}/reconnect`, { token: w.tokens.owner, params: { id: page.id } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_USER);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - PER_USER);
    // A reconnect that went through: GET /me, POST subscribed_apps, then (after-connect.ts) GET
    // secondary_receivers for the handover role and the Page's linked Instagram account. The refused ones call nothing.
    expect(graphCalls()).toBeLessThanOrEqual(4 * PER_USER + 1);
    expect(debugCalls()).toBe(1);
  });

  it("the company's budget is shared by its users; refused requests spend none of it; other companies are untouched", async () => {
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(async () => tokenFor(await makeUser("company_admin", w.acme.id))));
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Shared Budget");
    const body = { page_id: pageId, page_access_token: token };
    const statuses = async (user: string, n: number) => (await Promise.all(Array.from({ length: n }, () => verify(user, body)))).map((r) => r.status);
    // a is refused 5 times by its own budget: those 5 do not count against the company.
    expect((await statuses(a!, 15)).filter((s) => s === 200)).toHaveLength(PER_USER);
    expect(await statuses(b!, PER_USER)).toEqual(Array(PER_USER).fill(200));
    expect(await statuses(c!, PER_USER)).toEqual(Array(PER_USER).fill(200));
    expect(PER_USER * 3).toBe(PER_COMPANY);
    sim.state.graphRequests.length = 0;
    const refused = await verify(d!, body);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(companyBudgetExceeded(PER_COMPANY, 60, Number(refused.headers.get("retry-after"))));
    expect(graphCalls()).toBe(0);
    expect((await verify(w.tokens.globexOwner, body)).status).toBe(200);
  });

  it("add, edit with a token, reconnect, Connect with Facebook: each spends the budget and, once it is spent, calls Graph no more", async () => {
    const page = await makePage(w.acme.id, [], "Spent Shoes");
    simulateStoredPage(sim, page);
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "New Shoes");
    // Editing only the name calls no Graph and spends nothing.
    for (let i = 0; i < PER_USER + 2; i++) expect((await put(page.id, { name: `Spent ${i}`, page_id: page.facebookPageId })).status).toBe(200);
    // A login (its start spends one), then the rest of the budget on checks.
    const back = await callbackRoute.GET(new Request(await login(w.tokens.owner)), { params: Promise.resolve({}) });
    const session = new URL(back.headers.get("location")!, "http://x").searchParams.get("facebook")!;
    for (let i = 1; i < PER_USER; i++) expect((await verify(w.tokens.owner, { page_id: pageId, page_access_token: token })).status).toBe(200);
    sim.state.graphRequests.length = 0;
    const connect = () => call(connectRoute.POST, "POST", "/api/pages/facebook/connect", { token: w.tokens.owner, body: { session, pageIds: [pageId] } });
    const refused = [
      await call(pagesRoute.POST, "POST", "/api/pages", { token: w.tokens.owner, body: { name: "New Shoes", page_id: pageId, page_access_token: token } }),
      await put(page.id, { name: "Spent", page_id: page.facebookPageId, page_access_token: decryptedToken(page.facebookPageId) }),
      await call(reconnectRoute.POST, "POST", `/api/pages/${page.id}/reconnect`, { token: w.tokens.owner, params: { id: page.id } }),
      await call(startRoute.POST, "POST", "/api/pages/facebook/start", { token: w.tokens.owner, body: {} }),
      await connect(),
    ];
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
    expect(refused.every((r) => Number(r.headers.get("retry-after")) > 0)).toBe(true);
    expect(graphCalls()).toBe(0);
    expect(await db.page.count()).toBe(1);
    // The refused connect left the login usable once the budget is back.
    for (const key of await redis().keys("graph-budget:*")) await redis().del(key);
    expect((await connect()).body.results).toEqual([expect.objectContaining({ page_id: pageId, ok: true })]);
  });

  it("a debug_token answer is kept a minute under a hash of the token, never the token", async () => {
    const pageId = freshPageId();
    const token = simulatePage(sim, pageId, "Cached Shoes");
    sim.state.graphRequests.length = 0;
    expect((await verify(w.tokens.owner, { page_id: pageId, page_access_token: token })).status).toBe(200);
    expect((await verify(w.tokens.owner, { page_id: pageId, page_access_token: token })).status).toBe(200);
    expect(debugCalls()).toBe(1);
    const keys = await redis().keys("graph:debug-token:*");
    expect(keys).toHaveLength(1);
    const ttl = await redis().ttl(keys[0]!);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
    expect(await everythingInRedis()).not.toContain(token);
  });

  const put = (id: string, body: unknown) => call(pageRoute.PUT, "PUT", `/api/pages/${id}`, { token: w.tokens.owner, params: { id }, body });
  const decryptedToken = (facebookPageId: string) => sim.state.pages.get(facebookPageId)!.accessToken;
});

describe("the history import stores only what its caps allow, whatever Graph answers (point 8)", () => {
  it("a hostile Conversations API answer: ≤ 100 conversations, ≤ 25 newest messages each, texts cut, only https Meta URLs, digit PSIDs", async () => {
    const page = await makePage(w.acme.id, [], "Hostile Import");
    simulateStoredPage(sim, page);
    const base = Date.parse("2026-11-20T10:00:00Z");
    const at = (i: number) => new Date(base + i * 60_000).toISOString().replace(".000Z", "+0000");
    const fbcdn = "https://scontent.xx.fbcdn.net/v/t1/ok.jpg";
    const simulatorFile = `${sim.url}/attachments/sample.png`;
    const hostileUrls = [
      "javascript:alert(document.cookie)",
      "data:image/png;base64,iVBORw0KGgo=",
      "http://scontent.xx.fbcdn.net/v/t1/plain-http.jpg",
      "https://localhost/admin",
      "https://10.0.0.5/internal.png",
      "http://169.254.169.254/latest/meta-data/",
      "https://[::1]/x.png",
      "https://intranet.corp.example/x.png",
      "https://user:pass@scontent.xx.fbcdn.net/x.jpg",
      "https://evil.example/fbcdn.net/x.jpg",
    ];
    const big = {
      id: "t_big",
      participants: { data: [{ id: "5550000000000001", name: "N".repeat(5000) }, { id: page.facebookPageId, name: "Hostile Import" }] },
      messages: {
        data: [
          ...Array.from({ length: 300 }, (_, i) => ({
            id: `m_big_${i}`,
            created_time: at(i),
            from: { id: i % 2 ? page.facebookPageId : "5550000000000001" },
            message: i === 299 ? "x".repeat(200_000) : `message ${i}`,
            attachments: i === 298 ? { data: [...hostileUrls.map((url) => ({ image_data: { url } })), { image_data: { url: fbcdn } }, { file_url: simulatorFile }] } : undefined,
          })),
          { id: "m_bad_time", created_time: "not a time", message: "dropped" },
          { id: "m_".padEnd(5000, "z"), created_time: at(400), message: "id too long" },
        ],
      },
    };
    const climber = { id: "t_climb", participants: { data: [{ id: "../../x", name: "Climber" }] }, messages: { data: [{ id: "m_climb", created_time: at(1), from: { id: "../../x" }, message: "hi" }] } };
    const small = Array.from({ length: 128 }, (_, i) => ({
      id: `t_small_${i}`,
      participants: { data: [{ id: String(5560000000000000 + i), name: `Small ${i}` }] },
      messages: { data: [{ id: `m_small_${i}`, created_time: at(i), from: { id: String(5560000000000000 + i) }, message: "hello" }] },
    }));
    const injected = await fetch(`${sim.url}/sim/answers`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ pageId: page.facebookPageId, body: { data: [big, climber, ...small], paging: { cursors: { after: { not: "a string" } }, next: "x" } } }),
    });
    expect(injected.status).toBe(201);

    const result = await importPageHistory(page.id);
    expect(result.conversations).toBe(100); // the cap, of 130 answered
    expect(await db.conversation.count({ where: { pageId: page.id } })).toBe(99); // the climber is skipped
    expect(await db.customer.count({ where: { pageId: page.id, psid: { not: { startsWith: "55" } } } })).toBe(0);

    const stored = await db.message.findMany({ where: { conversation: { pageId: page.id, customer: { psid: "5550000000000001" } } }, orderBy: { createdTime: "desc" } });
    expect(stored).toHaveLength(25);
    expect(stored.map((m) => m.mid)).toEqual(Array.from({ length: 25 }, (_, i) => `m_big_${299 - i}`));
    expect(stored[0]!.text).toHaveLength(INBOUND_TEXT_MAX_LENGTH);
    const withImages = stored.find((m) => m.mid === "m_big_298")!;
    expect((withImages.attachments as { url: string }[]).map((a) => a.url)).toEqual([fbcdn, simulatorFile]);
    expect(await db.message.count({ where: { conversation: { pageId: page.id } } })).toBe(25 + 98);
    const customer = await db.customer.findFirstOrThrow({ where: { psid: "5550000000000001" } });
    expect(customer.name.length).toBeLessThanOrEqual(200);
    const thread = await db.conversation.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(thread.lastMessageText).toHaveLength(INBOUND_TEXT_MAX_LENGTH);
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ importState: "done", importDone: 100 });
  });
});
