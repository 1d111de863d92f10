import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as controlRoute from "@/app/api/conversations/thread-control/route";
import * as takeRoute from "@/app/api/conversations/take-control/route";
import * as passRoute from "@/app/api/conversations/pass-control/route";
import { appSecretProof } from "@/server/integrations/meta/graph-client";
import { checkHandoverRole } from "@/server/services/handover/page-role";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// The handover calls against answers written by hand from Meta's documented shapes (Handover Protocol
// reference: take/pass/request_thread_control → {success:true}; thread_owner → {data:[{thread_owner:
// {app_id}}]}; secondary_receivers → {data:[{id,name}]}; the errors take_thread_control lists, and
// thread_owner's 100/2018234), not produced by our simulator. A tiny server on GRAPH_API_URL's port answers
// them and records what the app sent.

const PAGE_INBOX = "263902037430900";
type Recorded = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | null; token: string | null };
let seen: Recorded[] = [];
/** path (without version) → the next answers for it, first one first; default {success:true}. */
let answers: Map<string, [number, unknown][]> = new Map();
const error = (code: number, message: string, subcode?: number) => ({ error: { message, type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: "AxHandoverTrace" } });

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://graph.test");
      const path = url.pathname.replace(/^\/v\d+\.\d+/, "");
      const raw = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? "GET", path, query: url.searchParams, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null, token: req.headers.authorization?.replace(/^Bearer /, "") ?? null });
      const [status, body] = answers.get(path)?.shift() ?? [200, { success: true }];
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(new URL(process.env.GRAPH_API_URL!).port), "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let page: Awaited<ReturnType<typeof makePage>>;
let person: Awaited<ReturnType<typeof makeConversation>>;
let agent: string;
beforeEach(async () => {
  seen = [];
  answers = new Map();
  const company = await makeCompany();
  const staff = await makeUser("staff", company.id, { name: "Ana" });
  page = await makePage(company.id, [staff.id]);
  person = await makeConversation(page.id);
  agent = await tokenFor(staff);
});

const ref = () => ({ conversationId: person.conversation.id, pageId: page.id });
const answer = (edge: string, ...list: [number, unknown][]) => answers.set(`/${page.facebookPageId}/${edge}`, list);
const heldByInbox = () =>
  db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: "page_inbox", threadOwnerAppId: PAGE_INBOX, threadOwnerAt: new Date(Date.now() - 1000), threadOwnerCheckedAt: new Date() } });

describe("Meta's documented handover answers", () => {
  it("take and pass send Meta's request shapes with appsecret_proof and read {success:true}", async () => {
    await heldByInbox();
    expect((await call(takeRoute.POST, "POST", "/api/conversations/take-control", { token: agent, body: ref() })).status).toBe(200);
    expect((await call(passRoute.POST, "POST", "/api/conversations/pass-control", { token: agent, body: ref() })).status).toBe(200);
    const [takeCall, passCall] = seen;
    expect(takeCall).toMatchObject({ method: "POST", path: `/${page.facebookPageId}/take_thread_control`, body: { recipient: { id: person.customer.psid }, metadata: "Ana in Switchboard" } });
    expect(passCall).toMatchObject({ method: "POST", path: `/${page.facebookPageId}/pass_thread_control`, body: { recipient: { id: person.customer.psid }, target_app_id: PAGE_INBOX } });
    for (const request of seen) expect(request.query.get("appsecret_proof")).toBe(appSecretProof(request.token ?? ""));
  });

  it("thread_owner: {data:[{thread_owner:{app_id}}]} names the owner; 100/2018234 (a secondary receiver may not see it) is 'another app'", async () => {
    answer("thread_owner", [200, { data: [{ thread_owner: { app_id: PAGE_INBOX } }] }]);
    const first = await call(controlRoute.GET, "GET", "/api/conversations/thread-control", { token: agent, query: ref() });
    expect(first.body).toMatchObject({ owner: "page_inbox", appId: PAGE_INBOX, canReply: false });
    expect(seen[0]).toMatchObject({ method: "GET", path: `/${page.facebookPageId}/thread_owner` });
    expect(seen[0]!.query.get("recipient")).toBe(person.customer.psid);

    await db.conversation.update({ where: { id: person.conversation.id }, data: { threadOwner: null, threadOwnerAt: null, threadOwnerCheckedAt: null } });
    answer("thread_owner", [400, error(100, "(#100) Denying visibility of any secondary receiver to another secondary receiver other than itself.", 2018234)]);
    const hidden = await call(controlRoute.GET, "GET", "/api/conversations/thread-control", { token: agent, query: ref() });
    expect(hidden.body).toMatchObject({ owner: "other_app", appId: null, ownerName: "Another app", canReply: false });
  });

  it("take_thread_control's documented errors: 551 → 422, 613 → 429, 100 → 422, each with Meta's code", async () => {
    await heldByInbox();
    answer("take_thread_control", [400, error(551, "(#551) This person isn't available right now.", 1545041)], [400, error(613, "(#613) Calls to this api have exceeded the rate limit.")], [400, error(100, "(#100) Invalid parameter")]);
    const take = () => call(takeRoute.POST, "POST", "/api/conversations/take-control", { token: agent, body: ref() });
    const unavailable = await take();
    expect(unavailable.status).toBe(422);
    expect(unavailable.body).toMatchObject({ error: "This person isn't available to receive messages right now.", graph: { code: 551 } });
    expect((await take()).status).toBe(429);
    const invalid = await take();
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toBe("Facebook refused: (#100) Invalid parameter");
    // Nothing changed hands: no retry of a write whose answer was a refusal.
    expect(seen.filter((r) => r.path.endsWith("/take_thread_control"))).toHaveLength(3);
    expect((await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).threadOwner).toBe("page_inbox");
  });

  it("secondary_receivers: an answer means primary receiver (with the apps' names); a 200 refusal means secondary", async () => {
    answer("secondary_receivers", [200, { data: [{ id: PAGE_INBOX, name: "Page Inbox" }, { id: "1217981644879628", name: "Chat Bot" }] }]);
    await checkHandoverRole(page.id);
    expect(seen[0]!.query.get("fields")).toBe("id,name");
    const primary = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(primary.handoverRole).toBe("primary_receiver");
    expect(primary.handoverApps).toEqual([
      { id: "1234567890", name: "Switchboard", roles: ["primary_receiver"] },
      { id: PAGE_INBOX, name: "Page Inbox", roles: ["secondary_receiver"] },
      { id: "1217981644879628", name: "Chat Bot", roles: ["secondary_receiver"] },
    ]);

    answer("secondary_receivers", [403, error(200, "(#200) Permissions error")]);
    await checkHandoverRole(page.id);
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).handoverRole).toBe("secondary_receiver");
  });
});
