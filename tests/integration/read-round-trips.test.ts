import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as sendRoute from "@/app/api/send-message/route";
import { encryptSecret } from "@/server/security/secret-box";
import { currentRequestId } from "@/server/observability/request-context";
import { call } from "./support/http";
import { eventually, simPost, startChannel } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";

// The inbox's reads are the requests agents repeat every few seconds while the webhook load runs, and on a
// busy machine every statement waits for a CPU (docs/PERFORMANCE.md, "Reads under load"). These pin how many
// statements a request sends to Postgres — the actor's session, the page or conversation check and the read
// itself folded into one — so a change that adds a round trip fails here, not in a bench on a calm day.
// Counted at pg's Client.query, which every statement of the app crosses (the SQL layer's pools and Prisma's
// adapter alike); a transaction's BEGIN and COMMIT count as statements, as they cost round trips. Only the
// request's own statements count — those the real server runs under the request id the test sends: the
// webhook drain this process runs meanwhile (the simulator's echoes and receipts) works under other ids,
// and once leaked its claim and lookups into a reply's count.

let sent: string[] = [];
const original = pg.Client.prototype.query;
/** The request id of the request being counted (sent as X-Request-Id). */
let counting: string | null = null;
const countedHeaders = () => (counting ? { "x-request-id": counting } : undefined);

beforeEach(() => {
  sent = [];
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    if (counting && currentRequestId() === counting) sent.push(typeof config === "string" ? config : (config?.text ?? "?"));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
});

afterEach(() => {
  pg.Client.prototype.query = original;
});

async function counted<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  sent = [];
  counting = `counted-${randomUUID()}`;
  try {
    const result = await work();
    return { result, statements: [...sent] };
  } finally {
    counting = null;
  }
}

async function world() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const stranger = await makeUser("company_admin", globex.id);
  const page = await makePage(acme.id, [staff.id], "Shoes");
  const { conversation, customer } = await makeConversation(page.id, {});
  await makeMessages(conversation.id, customer.psid, 5);
  return { staff, stranger, page, conversation, tokens: { staff: await tokenFor(staff), stranger: await tokenFor(stranger) } };
}

const list = (token: string, pageId: string, query: Record<string, string> = {}) => call(listRoute.GET, "GET", `/api/conversations/${pageId}`, { token, query, headers: countedHeaders() });
const thread = (token: string, conversationId: string, pageId: string) =>
  call(threadRoute.GET, "GET", `/api/conversation/${conversationId}/${pageId}`, { token, headers: countedHeaders() });

describe("statements per inbox read", () => {
  it("the conversation list is one statement: the session, the page check and the rows", async () => {
    const w = await world();
    await list(w.tokens.staff, w.page.id); // connections opened, statements prepared
    const { result, statements } = await counted(() => list(w.tokens.staff, w.page.id));
    expect(result.status).toBe(200);
    expect(result.body.data).toHaveLength(1);
    expect(statements).toHaveLength(1);
    // Filters and a cursor change the statement's shape, not its count.
    const next = await counted(() => list(w.tokens.staff, w.page.id, { isImportant: "true", tags: "vip", limit: "1" }));
    expect(next.result.status).toBe(200);
    expect(next.statements).toHaveLength(1);
  });

  it("a list the actor may not read, or a signed-out session, answers as before in that one statement", async () => {
    const w = await world();
    const foreign = await counted(() => list(w.tokens.stranger, w.page.id));
    expect(foreign.result.status).toBe(404);
    expect(foreign.statements).toHaveLength(1);
    await db.session.deleteMany({ where: { userId: w.staff.id } });
    const out = await counted(() => list(w.tokens.staff, w.page.id));
    expect(out.result.status).toBe(401);
    expect(out.statements).toHaveLength(1);
  });

  it("a thread page is two statements: the session with the conversation's row, then its messages", async () => {
    const w = await world();
    await thread(w.tokens.staff, w.conversation.id, w.page.id);
    const { result, statements } = await counted(() => thread(w.tokens.staff, w.conversation.id, w.page.id));
    expect(result.status).toBe(200);
    expect(result.body.data).toHaveLength(5);
    expect(statements).toHaveLength(2);
    const foreign = await counted(() => thread(w.tokens.stranger, w.conversation.id, w.page.id));
    expect(foreign.result.status).toBe(404);
    expect(foreign.statements).toHaveLength(1);
  });
});

describe("statements before a reply reaches the other agents", () => {
  it("one before the pending message is stored: the session, the conversation and its page together", async () => {
    const company = await makeCompany("Out");
    const staff = await makeUser("staff", company.id);
    const pageId = "200000000000033";
    const page = await db.page.create({ data: { companyId: company.id, name: "Out Page", facebookPageId: pageId, accessTokenEnc: encryptSecret("PAGE_TOKEN_round_trips") } });
    await db.pageAssignment.create({ data: { userId: staff.id, pageId: page.id } });
    const token = await tokenFor(staff);
    const channel = await startChannel([{ pageId, name: "Out Page", accessToken: "PAGE_TOKEN_round_trips" }]);
    try {
      const { psid } = await simPost<{ psid: string }>(channel.sim, "/sim/customers", { pageId, firstName: "Rita", lastName: "Round" });
      await simPost(channel.sim, "/sim/messages", { pageId, psid, text: "Hello?" });
      const conversation = (await eventually(() => db.conversation.findFirst({ where: { customer: { psid } } }), (c) => Boolean(c?.lastInboundAt)))!;
      const send = (text: string) => call(sendRoute.POST, "POST", "/api/send-message", { token, body: { conversationId: conversation.id, pageId: page.id, message_type: "text", text }, headers: countedHeaders() });
      expect((await send("Warming up")).status).toBe(200);
      const { result, statements } = await counted(() => send("Thanks, on its way"));
      expect(result.status).toBe(200);
      const ours = statements;
      const stored = ours.findIndex((text) => /INSERT INTO messages/i.test(text));
      expect(stored).toBeGreaterThan(-1);
      expect(ours.slice(0, stored), ours.slice(0, stored).join("\n---\n")).toHaveLength(1);
    } finally {
      await channel.close();
    }
  });
});
