import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { encryptSecret } from "@/server/security/secret-box";
import * as pagesRoute from "@/app/api/pages/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import { TOKEN_INVALID, TOKEN_IS_USER_TOKEN, TOKEN_NO_MESSAGING } from "@/lib/schemas/pages";
import { importPageHistory } from "@/workers/pages/import-history";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

// The same flows against Graph answers written by hand from Meta's documented response shapes (Graph API
// reference: /me, debug_token, /{page-id}/subscribed_apps, /{page-id}/conversations, error objects) —
// not produced by our simulator. A tiny HTTP server on GRAPH_API_URL's port serves them and records what
// the app sent, so the exact fields and appsecret_proof can be checked.

const PAGE_ID = "104857600012345";
const PAGE_TOKEN = "EAAJZCZBZCtestPageTokenZDZD0001";
const USER_TOKEN = "EAAJZCZBZCtestUserTokenZDZD0002";
const NO_SCOPE_TOKEN = "EAAJZCZBZCtestNoScopeTokenZD003";
const EXPIRED_TOKEN = "EAAJZCZBZCtestExpiredTokenZD004";
const SECRET = process.env.META_APP_SECRET!;
const proof = (token: string) => createHmac("sha256", SECRET).update(token).digest("hex");

const EXPIRED = {
  error: {
    message: "Error validating access token: Session has expired on Tuesday, 24-Nov-26 10:00:00 PST. The current time is Wednesday, 25-Nov-26 03:00:00 PST.",
    type: "OAuthException",
    code: 190,
    error_subcode: 463,
    fbtrace_id: "AbCdEfGhIjKlMnOp",
  },
};
const RATE_LIMITED = { error: { message: "(#613) Calls to this api have exceeded the rate limit.", type: "OAuthException", code: 613, fbtrace_id: "Ax613trace" } };

type Recorded = { method: string; path: string; query: URLSearchParams; token: string | null };
let seen: Recorded[] = [];
let conversationCalls = 0;
let fail613 = 0;

function answer(method: string, url: URL, token: string | null): [number, unknown] {
  const path = url.pathname.replace(/^\/v\d+\.\d+/, "");
  if (path === "/me" && method === "GET") {
    if (token === EXPIRED_TOKEN) return [400, EXPIRED];
    if (token === USER_TOKEN) return [200, { id: "10223344556677889", name: "Jane Admin" }];
    return [200, { id: PAGE_ID, name: "Corner Bakery" }];
  }
  if (path === "/debug_token") {
    const input = url.searchParams.get("input_token");
    const base = { app_id: process.env.META_APP_ID, application: "Switchboard", data_access_expires_at: 1803400000, expires_at: 0, is_valid: true };
    if (input === USER_TOKEN) return [200, { data: { ...base, type: "USER", scopes: ["pages_show_list", "pages_messaging"], user_id: "10223344556677889" } }];
    if (input === NO_SCOPE_TOKEN) return [200, { data: { ...base, type: "PAGE", scopes: ["pages_show_list"], profile_id: PAGE_ID, user_id: "10223344556677889" } }];
    return [200, { data: { ...base, type: "PAGE", scopes: ["pages_show_list", "pages_messaging", "pages_manage_metadata"], profile_id: PAGE_ID, user_id: "10223344556677889" } }];
  }
  if (path === `/${PAGE_ID}/subscribed_apps`) return [200, { success: true }];
  if (path === `/${PAGE_ID}/conversations`) {
    conversationCalls++;
    const after = url.searchParams.get("after");
    if (after === "QVFIUk5QYWdlMg" && fail613 > 0) {
      fail613--;
      return [400, RATE_LIMITED];
    }
    const convo = (n: number) => ({
      id: `t_10000${n}`,
      updated_time: `2026-11-2${n}T10:00:00+0000`,
      participants: { data: [{ name: `Customer ${n}`, email: `${n}@facebook.com`, id: `2400000000000${n}` }, { name: "Corner Bakery", email: `${PAGE_ID}@facebook.com`, id: PAGE_ID }] },
      messages: {
        data: [
          { id: `m_recorded_${n}_2`, message: `Thanks! (${n})`, from: { name: "Corner Bakery", email: `${PAGE_ID}@facebook.com`, id: PAGE_ID }, to: { data: [{ name: `Customer ${n}`, id: `2400000000000${n}` }] }, created_time: `2026-11-2${n}T10:00:00+0000` },
          { id: `m_recorded_${n}_1`, message: `Is the shop open? (${n})`, from: { name: `Customer ${n}`, email: `${n}@facebook.com`, id: `2400000000000${n}` }, to: { data: [{ name: "Corner Bakery", id: PAGE_ID }] }, created_time: `2026-11-2${n}T09:59:00+0000` },
        ],
        paging: { cursors: { before: "QVFIUmJ", after: "QVFIUmJ" } },
      },
    });
    if (!after) return [200, { data: [convo(1), convo(2)], paging: { cursors: { before: "QVFIUk5QYWdlMA", after: "QVFIUk5QYWdlMg" }, next: `https://graph.facebook.com/v25.0/${PAGE_ID}/conversations?after=QVFIUk5QYWdlMg` } }];
    return [200, { data: [convo(3)], paging: { cursors: { before: "QVFIUk5QYWdlMg", after: "QVFIUk5QYWdlMw" } } }];
  }
  return [400, { error: { message: "Unknown path components", type: "OAuthException", code: 2500, fbtrace_id: "x" } }];
}

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://graph.test");
    const token = url.searchParams.get("access_token") ?? req.headers.authorization?.replace(/^Bearer /, "") ?? null;
    seen.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, token });
    const [status, body] = answer(req.method ?? "GET", url, token);
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(process.env.GRAPH_API_URL!).port), "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let owner: string;
let companyId: string;
beforeEach(async () => {
  seen = [];
  conversationCalls = 0;
  fail613 = 0;
  const company = await makeCompany("Bakery Co");
  companyId = company.id;
  owner = await tokenFor(await makeUser("company_admin", company.id));
});

const add = (token: string) => call(pagesRoute.POST, "POST", "/api/pages", { token: owner, body: { name: "Bakery", page_id: PAGE_ID, page_access_token: token } });

describe("Meta's documented answers", () => {
  it("each refusal: expired token (190/463), user token, token without pages_messaging — nothing saved", async () => {
    expect((await add(EXPIRED_TOKEN)).body.fields.page_access_token).toBe(TOKEN_INVALID);
    expect((await add(USER_TOKEN)).body.fields.page_access_token).toBe(TOKEN_IS_USER_TOKEN);
    expect((await add(NO_SCOPE_TOKEN)).body.fields.page_access_token).toBe(TOKEN_NO_MESSAGING);
    expect(await db.page.count()).toBe(0);
  });

  it("connect subscribes with the right fields, delete unsubscribes; every call carries appsecret_proof of its token", async () => {
    const res = await add(PAGE_TOKEN);
    expect(res.status).toBe(201);
    expect((await call(pageRoute.DELETE, "DELETE", `/api/pages/${res.body.page._id}`, { token: owner, params: { id: res.body.page._id } })).status).toBe(200);

    const subscribe = seen.find((r) => r.method === "POST" && r.path.endsWith(`/${PAGE_ID}/subscribed_apps`));
    expect(subscribe?.query.get("subscribed_fields")).toBe(
      "messages,messaging_postbacks,message_deliveries,message_reads,message_echoes,message_reactions,messaging_referrals,message_edits," +
        "standby,messaging_handovers,messaging_policy_enforcement,messaging_optins,messaging_account_linking,messaging_feedback,messaging_game_plays,feed",
    );
    expect(subscribe?.token).toBe(PAGE_TOKEN);
    expect(seen.some((r) => r.method === "DELETE" && r.path.endsWith(`/${PAGE_ID}/subscribed_apps`))).toBe(true);
    for (const request of seen) {
      expect(request.query.get("appsecret_proof"), `${request.method} ${request.path}`).toBe(proof(request.token ?? ""));
    }
    expect(seen.map((r) => `${r.method} ${r.path.replace(/^\/v\d+\.\d+/, "")}`)).toEqual(
      expect.arrayContaining(["GET /me", "GET /debug_token", `POST /${PAGE_ID}/subscribed_apps`, `DELETE /${PAGE_ID}/subscribed_apps`]),
    );
  });

  it("history import follows Graph paging, resumes after a 613 on the second page, and a second run adds nothing", async () => {
    const page = await makePage(companyId, [], "Bakery");
    await db.page.update({ where: { id: page.id }, data: { facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
    fail613 = 10; // more than the client's own retries: the job fails and BullMQ runs it again later
    await expect(importPageHistory(page.id)).rejects.toThrow(/rate limit/);
    const stopped = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(stopped).toMatchObject({ importState: "running", importDone: 2 });
    expect(await db.message.count({ where: { isImported: true } })).toBe(4);

    fail613 = 0;
    const callsBefore = conversationCalls;
    expect(await importPageHistory(page.id)).toEqual({ conversations: 3, messages: 2 });
    // Resumed from the saved cursor: one call for the second page, not the first page again.
    expect(conversationCalls - callsBefore).toBe(1);
    expect(await importPageHistory(page.id)).toMatchObject({ conversations: 3, messages: 0 });
    expect(await db.message.count({ where: { isImported: true } })).toBe(6);
    expect(await db.page.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({ importState: "done", importDone: 3 });
    await redis().del(`import:cursor:${page.id}`);
  }, 30_000);
});
