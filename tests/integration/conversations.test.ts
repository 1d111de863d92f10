import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as statsRoute from "@/app/api/conversations/stats/route";
import * as markReadRoute from "@/app/api/conversations/mark-read/route";
import * as importantRoute from "@/app/api/conversations/mark-important/route";
import * as spamRoute from "@/app/api/conversations/mark-spam/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const otherStaff = await makeUser("staff", acme.id);
  const owner = await makeUser("company_admin", acme.id);
  const globexAdmin = await makeUser("company_admin", globex.id);
  const shoes = await makePage(acme.id, [staff.id], "Shoes");
  const outlet = await makePage(acme.id, [otherStaff.id], "Outlet");
  const globexPage = await makePage(globex.id, [], "Globex Page");
  return {
    acme, globex, staff, otherStaff, owner, globexAdmin, shoes, outlet, globexPage,
    tokens: { staff: await tokenFor(staff), otherStaff: await tokenFor(otherStaff), owner: await tokenFor(owner), globexAdmin: await tokenFor(globexAdmin) },
  };
}

const list = (token: string, pageId: string, query: Record<string, string> = {}) =>
  call(listRoute.GET, "GET", `/api/conversations/${pageId}`, { token, params: { pageId }, query });

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

describe("GET /api/conversations/{pageId}", () => {
  it("lists newest first, 15 per page, with the spec's list-item fields and hasNextPage", async () => {
    for (let i = 0; i < 17; i++) await makeConversation(w.shoes.id, { name: `Person ${i}`, at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    const first = await list(w.tokens.staff, w.shoes.id, { page: "1", limit: "15" });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(15);
    expect(first.body.pagination).toMatchObject({ currentPage: 1, hasNextPage: true });
    expect(first.body.data[0].from_name).toBe("Person 16");
    expect(Object.keys(first.body.data[0])).toEqual(
      expect.arrayContaining(["id", "conversationId", "from_name", "from_id", "last_message", "is_image", "updated_time", "unread_count", "tags", "is_new_message", "is_important", "is_spam", "page_id", "page_name"]),
    );
    const second = await list(w.tokens.staff, w.shoes.id, { page: "2", limit: "15" });
    expect(second.body.data.map((c: { from_name: string }) => c.from_name)).toEqual(["Person 1", "Person 0"]);
    expect(second.body.pagination.hasNextPage).toBe(false);
    // Keyset cursor gives the same second page.
    const viaCursor = await list(w.tokens.staff, w.shoes.id, { cursor: first.body.pagination.nextCursor });
    expect(viaCursor.body.data.map((c: { id: string }) => c.id)).toEqual(second.body.data.map((c: { id: string }) => c.id));
  });

  it("filters by important, spam (its own folder), lowercased tags and search", async () => {
    await makeConversation(w.shoes.id, { name: "Alice Important", important: true, tags: ["vip"] });
    await makeConversation(w.shoes.id, { name: "Bob Spam", spam: true });
    const carol = await makeConversation(w.shoes.id, { name: "Carol", lastMessage: "Where is my refund?", tags: ["refund"] });
    await makeMessages(carol.conversation.id, carol.customer.psid, 2);
    const names = async (query: Record<string, string>) => (await list(w.tokens.staff, w.shoes.id, query)).body.data.map((c: { from_name: string }) => c.from_name).sort();

    expect(await names({})).toEqual(["Alice Important", "Carol"]);
    expect(await names({ isImportant: "true" })).toEqual(["Alice Important"]);
    expect(await names({ isSpam: "true" })).toEqual(["Bob Spam"]);
    expect(await names({ tags: JSON.stringify(["VIP"]) })).toEqual(["Alice Important"]);
    expect(await names({ tags: JSON.stringify(["vip", "refund"]) })).toEqual(["Alice Important", "Carol"]);
    expect(await names({ search: "carol" })).toEqual(["Carol"]);
    expect(await names({ search: "REFUND" })).toEqual(["Carol"]);
    expect(await names({ search: "message 2" })).toEqual(["Carol"]);
    expect(await names({ search: "nobody" })).toEqual([]);
  });

  it("a hit only in an older message carries that message's snippet; name and preview hits need none", async () => {
    const carol = await makeConversation(w.shoes.id, { name: "Carol", lastMessage: "Thanks!" });
    await db.message.create({
      data: { conversationId: carol.conversation.id, mid: `m_snip_${Date.now()}`, direction: "inbound", senderId: carol.customer.psid, sendStatus: "received", createdTime: new Date(Date.now() - 86_400_000), text: `${"Hello there, I was wondering about something else first. ".repeat(2)}Do you have the Running Shoes in size 42?` },
    });
    const hit = (await list(w.tokens.staff, w.shoes.id, { search: "running shoes" })).body.data;
    expect(hit).toHaveLength(1);
    expect(hit[0].search_snippet).toMatch(/^….*Running Shoes in size 42\?$/);
    expect(hit[0].search_snippet.length).toBeLessThan(200);
    expect((await list(w.tokens.staff, w.shoes.id, { search: "carol" })).body.data[0].search_snippet).toBeUndefined();
    expect((await list(w.tokens.staff, w.shoes.id, { search: "thanks" })).body.data[0].search_snippet).toBeUndefined();
    expect((await list(w.tokens.staff, w.shoes.id)).body.data[0].search_snippet).toBeUndefined();
  });

  it("rejects malformed queries with 400 and a clear message", async () => {
    const bad = await list(w.tokens.staff, w.shoes.id, { page: "zero" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.page).toBe("page must be a number");
    expect((await list(w.tokens.staff, w.shoes.id, { tags: "[not json" })).body.error).toBe("tags must be a JSON array of names");
    expect((await list(w.tokens.staff, w.shoes.id, { limit: "1000" })).status).toBe(400);
    expect((await list(w.tokens.staff, w.shoes.id, { cursor: "garbage" })).body.error).toBe("Invalid cursor");
  });

  it("serves page= offsets up to a bound and refuses deeper ones with a 400 naming the cursor", async () => {
    for (let i = 0; i < 3; i++) await makeConversation(w.shoes.id, { name: `Person ${i}`, at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    // Offset 3 000 (page 201 of 15) is the deepest served: empty here, but answered with the spec's pagination.
    const deepest = await list(w.tokens.staff, w.shoes.id, { page: "201", limit: "15" });
    expect(deepest.status).toBe(200);
    expect(deepest.body).toMatchObject({ data: [], pagination: { currentPage: 201, hasNextPage: false } });
    const tooDeep = await list(w.tokens.staff, w.shoes.id, { page: "202", limit: "15" });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toMatch(/^page is too deep: .*cursor=pagination\.nextCursor$/);
    expect((await list(w.tokens.staff, w.shoes.id, { page: "32", limit: "100", search: "person" })).status).toBe(400);
    // With a cursor the page number is only echoed: scrolling by cursor has no depth limit.
    const first = await list(w.tokens.staff, w.shoes.id, { page: "1", limit: "2" });
    const next = await list(w.tokens.staff, w.shoes.id, { page: "5000", limit: "2", cursor: first.body.pagination.nextCursor });
    expect(next.status).toBe(200);
    expect(next.body.data.map((c: { from_name: string }) => c.from_name)).toEqual(["Person 0"]);
  });

  it("is scoped: a staff member sees only assigned pages; another company gets 404", async () => {
    await makeConversation(w.outlet.id);
    expect((await list(w.tokens.staff, w.outlet.id)).status).toBe(404);
    expect((await list(w.tokens.owner, w.outlet.id)).status).toBe(200);
    expect((await list(w.tokens.globexAdmin, w.shoes.id)).status).toBe(404);
    expect((await list(w.tokens.globexAdmin, w.shoes.facebookPageId)).status).toBe(404);
    expect((await call(listRoute.GET, "GET", `/api/conversations/${w.shoes.id}`, { params: { pageId: w.shoes.id } })).status).toBe(401);
  });
});

describe("GET /api/conversation/{conversationId}/{pageId}", () => {
  it("pages the thread newest first with after cursors to older messages and a next indicator", async () => {
    const { conversation, customer } = await makeConversation(w.shoes.id, { name: "Dana" });
    await makeMessages(conversation.id, customer.psid, 30);
    const thread = (query: Record<string, string> = {}) =>
      call(threadRoute.GET, "GET", `/api/conversation/${conversation.id}/${w.shoes.id}`, { token: w.tokens.staff, params: { conversationId: conversation.id, pageId: w.shoes.id }, query });
    const first = await thread({ limit: "20" });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].message).toBe("message 30");
    expect(first.body.data[0].from).toEqual({ id: customer.psid, name: "Dana" });
    expect(first.body.paging.next).toContain("after=");
    const older = await thread({ limit: "20", after: first.body.paging.cursors.after });
    expect(older.body.data.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `message ${10 - i}`));
    expect(older.body.paging.next).toBeNull();
    const newer = await thread({ limit: "5", before: older.body.paging.cursors.before });
    expect(newer.body.data.map((m: { message: string }) => m.message)).toEqual(["message 15", "message 14", "message 13", "message 12", "message 11"]);
  });

  it("answers 404 for another company's conversation and for garbage ids", async () => {
    const { conversation } = await makeConversation(w.shoes.id);
    const as = (token: string, id: string, pageId: string) => call(threadRoute.GET, "GET", `/api/conversation/${id}/${pageId}`, { token, params: { conversationId: id, pageId } });
    expect((await as(w.tokens.globexAdmin, conversation.id, w.shoes.id)).status).toBe(404);
    expect((await as(w.tokens.globexAdmin, conversation.id, w.globexPage.id)).status).toBe(404);
    expect((await as(w.tokens.otherStaff, conversation.id, w.shoes.id)).status).toBe(404);
    expect((await as(w.tokens.staff, "not-a-uuid", w.shoes.id)).status).toBe(404);
    expect((await as(w.tokens.staff, conversation.id, w.outlet.id)).status).toBe(404);
  });
});

describe("flags, read state and stats", () => {
  it("mark-read sets unread to 0; mark-important and mark-spam toggle independently", async () => {
    const { conversation, customer } = await makeConversation(w.shoes.id, { unread: 3 });
    const body = { conversationId: conversation.id, pageId: w.shoes.id, senderId: customer.psid };
    expect((await call(markReadRoute.PUT, "PUT", "/api/conversations/mark-read", { token: w.tokens.staff, body: { conversationId: conversation.id } })).status).toBe(200);
    expect((await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).unreadCount).toBe(0);

    const on = await call(importantRoute.POST, "POST", "/api/conversations/mark-important", { token: w.tokens.staff, body });
    expect(on.body).toMatchObject({ success: true, is_important: true, is_spam: false });
    const spam = await call(spamRoute.POST, "POST", "/api/conversations/mark-spam", { token: w.tokens.staff, body });
    expect(spam.body).toMatchObject({ is_important: true, is_spam: true });
    const off = await call(importantRoute.POST, "POST", "/api/conversations/mark-important", { token: w.tokens.staff, body });
    expect(off.body).toMatchObject({ is_important: false, is_spam: true });
  });

  it("refuses other companies and missing ids without changing anything", async () => {
    const { conversation } = await makeConversation(w.shoes.id, { unread: 2 });
    const res = await call(markReadRoute.PUT, "PUT", "/api/conversations/mark-read", { token: w.tokens.globexAdmin, body: { conversationId: conversation.id } });
    expect(res.status).toBe(404);
    expect((await call(importantRoute.POST, "POST", "/api/conversations/mark-important", { token: w.tokens.globexAdmin, body: { conversationId: conversation.id } })).status).toBe(404);
    expect((await call(spamRoute.POST, "POST", "/api/conversations/mark-spam", { token: w.tokens.staff, body: {} })).body.fields.conversationId).toBe("conversationId is required");
    const row = await db.conversation.findUniqueOrThrow({ where: { id: conversation.id } });
    expect(row).toMatchObject({ unreadCount: 2, isImportant: false, isSpam: false });
  });

  it("stats count one page or all the actor's pages", async () => {
    await makeConversation(w.shoes.id, { important: true });
    await makeConversation(w.shoes.id, { spam: true });
    await makeConversation(w.outlet.id, { important: true, spam: true });
    await makeConversation(w.globexPage.id);
    const stats = (token: string, query: Record<string, string> = {}) => call(statsRoute.GET, "GET", "/api/conversations/stats", { token, query });
    expect((await stats(w.tokens.staff)).body).toEqual({ total: 2, important: 1, spam: 1 });
    expect((await stats(w.tokens.owner)).body).toEqual({ total: 3, important: 2, spam: 2 });
    expect((await stats(w.tokens.owner, { pageId: w.outlet.id })).body).toEqual({ total: 1, important: 1, spam: 1 });
    expect((await stats(w.tokens.globexAdmin, { pageId: w.shoes.id })).status).toBe(404);
    expect((await stats(w.tokens.globexAdmin)).body).toEqual({ total: 1, important: 0, spam: 0 });
  });
});

describe("GET /api/pages/me", () => {
  it("lists only the actor's pages with conversation and unread counts", async () => {
    await makeConversation(w.shoes.id, { unread: 2 });
    await makeConversation(w.shoes.id);
    const mine = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: w.tokens.staff });
    expect(mine.body.pages).toEqual([expect.objectContaining({ id: w.shoes.id, name: "Shoes", page_id: w.shoes.facebookPageId, conversationCount: 2, unreadCount: 1 })]);
    expect(JSON.stringify(mine.body)).not.toMatch(/access|token_enc|accessToken/i);
    const owner = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: w.tokens.owner });
    expect(owner.body.pages.map((p: { name: string }) => p.name)).toEqual(["Shoes", "Outlet"]);
    const globex = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: w.tokens.globexAdmin });
    expect(globex.body.pages.map((p: { name: string }) => p.name)).toEqual(["Globex Page"]);
  });

  it("counts what All lists: spam is left out of the tab's conversation count", async () => {
    await makeConversation(w.shoes.id);
    await makeConversation(w.shoes.id, { spam: true, unread: 1 });
    const mine = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: w.tokens.staff });
    const listed = await list(w.tokens.staff, w.shoes.id);
    expect(mine.body.pages[0]).toMatchObject({ conversationCount: 1, unreadCount: 0 });
    expect(listed.body.data).toHaveLength(1);
  });
});
