import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { resetState } from "@/server/simulator/state";
import type { Simulator } from "@/server/simulator/create-simulator";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as startRoute from "@/app/api/pages/facebook/start/route";
import * as callbackRoute from "@/app/api/pages/facebook/callback/route";
import * as sessionRoute from "@/app/api/pages/facebook/session/[id]/route";
import * as connectRoute from "@/app/api/pages/facebook/connect/route";
import { PAGE_ALREADY_EXISTS, TOKEN_INVALID } from "@/lib/schemas/pages";
import { PICKER_TTL_S } from "@/server/services/facebook-login/login-store";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { freshPageId, simulatePage, simulateStoredPage, startGraphSimulator } from "./support/graph-sim";

// Issue 29, points 5 and 6: what Facebook Login leaves in Redis, and what editing a page tells about
// other companies' pages.

let sim: Simulator;
beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(() => sim.close());

async function world() {
  resetState(sim.state, true);
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const owner = await makeUser("company_admin", acme.id);
  const globexOwner = await makeUser("company_admin", globex.id);
  return { acme, globex, owner, globexOwner, tokens: { owner: await tokenFor(owner), globexOwner: await tokenFor(globexOwner) } };
}
let w: Awaited<ReturnType<typeof world>>;
beforeEach(async () => {
  w = await world();
});

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
  async function login(token: string) {
    const start = await call(startRoute.POST, "POST", "/api/pages/facebook/start", { token, body: {} });
    const dialog = await (await fetch(start.body.url)).text();
    return new URL(/href="([^"]+)">Allow</.exec(dialog)![1]!.replaceAll("&#38;", "&"));
  }

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
