import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import type { Role } from "@/lib/access/roles";
import { decryptSecret } from "@/server/security/secret-box";
import * as pagesRoute from "@/app/api/pages/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as detailsRoute from "@/app/api/pages/details/[id]/route";
import * as userPagesRoute from "@/app/api/pages/user/[userId]/route";
import * as assignRoute from "@/app/api/pages/assign/route";
import * as unassignRoute from "@/app/api/pages/unassign/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import * as conversationsRoute from "@/app/api/conversations/[pageId]/route";
import * as violationsRoute from "@/app/api/urls/violated/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation, makeMessages } from "./support/inbox-factory";
import { simulatePage, simulateStoredPage, startGraphSimulator } from "./support/graph-sim";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { resetState } from "@/tools/simulator/state";

// Facebook (the simulator) knows every page the tests connect: tokens are checked with Graph now.
let sim: Simulator;
beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(() => sim.close());

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const root = await makeUser("super_admin", null);
  const owner = await makeUser("company_admin", acme.id);
  const admin = await makeUser("admin", acme.id);
  const staff = await makeUser("staff", acme.id);
  const globexOwner = await makeUser("company_admin", globex.id);
  const globexAdmin = await makeUser("admin", globex.id);
  const shoes = await makePage(acme.id, [staff.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [globexAdmin.id], "Globex Page");
  resetState(sim.state, true);
  for (const page of [shoes, outlet, globexPage]) simulateStoredPage(sim, page);
  const tokens = {
    root: await tokenFor(root),
    owner: await tokenFor(owner),
    admin: await tokenFor(admin),
    staff: await tokenFor(staff),
    globexOwner: await tokenFor(globexOwner),
    globexAdmin: await tokenFor(globexAdmin),
  };
  return { acme, globex, root, owner, admin, staff, globexOwner, globexAdmin, shoes, outlet, globexPage, tokens };
}

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

const ROLES: Role[] = ["super_admin", "company_admin", "admin", "staff"];
const tokenOf = (role: Role) => ({ super_admin: w.tokens.root, company_admin: w.tokens.owner, admin: w.tokens.admin, staff: w.tokens.staff })[role];

let seq = 0;
const fbId = () => String(500_000_000_000 + Date.now() % 1_000_000 * 1000 + seq++);
const TOKEN = "EAAGm0PX4ZCpsBAKZBZCqgZDZD-a-long-enough-page-token";
/** A page Facebook knows, with its own token (TOKEN + its id); `extra` may change the body sent. */
const newPage = (extra: Record<string, unknown> = {}) => {
  const page_id = fbId();
  const token = simulatePage(sim, page_id, "Boots", `${TOKEN}-${page_id}`);
  return { name: "Boots", page_id, page_access_token: token, ...extra };
};
const tokenOf_ = (page: { accessTokenEnc: string }) => decryptSecret(page.accessTokenEnc);

const list = (token: string) => call(pagesRoute.GET, "GET", "/api/pages", { token });
const add = (token: string, body: unknown) => call(pagesRoute.POST, "POST", "/api/pages", { token, body });
const getPage = (token: string, id: string) => call(pageRoute.GET, "GET", `/api/pages/${id}`, { token, params: { id } });
const update = (token: string, id: string, body: unknown) => call(pageRoute.PUT, "PUT", `/api/pages/${id}`, { token, params: { id }, body });
const remove = (token: string, id: string) => call(pageRoute.DELETE, "DELETE", `/api/pages/${id}`, { token, params: { id } });
const details = (token: string, id: string) => call(detailsRoute.GET, "GET", `/api/pages/details/${id}`, { token, params: { id } });
const userPages = (token: string, userId: string) => call(userPagesRoute.GET, "GET", `/api/pages/user/${userId}`, { token, params: { userId } });
const assign = (token: string, body: unknown) => call(assignRoute.POST, "POST", "/api/pages/assign", { token, body });
const unassign = (token: string, body: unknown) => call(unassignRoute.POST, "POST", "/api/pages/unassign", { token, body });
const myPageIds = async (token: string) => (await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token })).body.pages.map((p: { _id: string }) => p._id).sort();
const ids = (pages: { _id: string }[]) => pages.map((p) => p._id).sort();

describe("every endpoint × every role", () => {
  const endpoints: { name: string; allowed: Role[]; run: (token: string, role: Role) => Promise<{ status: number }> }[] = [
    { name: "GET /api/pages", allowed: ["super_admin", "company_admin", "admin"], run: (token) => list(token) },
    { name: "GET /api/pages/{id}", allowed: ["super_admin", "company_admin", "admin"], run: (token) => getPage(token, w.shoes.id) },
    { name: "GET /api/pages/details/{id}", allowed: ["super_admin", "company_admin", "admin"], run: (token) => details(token, w.shoes.id) },
    { name: "GET /api/pages/user/{userId}", allowed: ["super_admin", "company_admin", "admin"], run: (token) => userPages(token, w.staff.id) },
    { name: "POST /api/pages", allowed: ["super_admin", "company_admin"], run: (token) => add(token, newPage({ user_id: w.owner.id })) },
    { name: "PUT /api/pages/{id}", allowed: ["super_admin", "company_admin"], run: (token) => update(token, w.shoes.id, { name: "Shoes 2", page_id: w.shoes.facebookPageId }) },
    { name: "DELETE /api/pages/{id}", allowed: ["super_admin", "company_admin"], run: async (token) => remove(token, (await makePage(w.acme.id)).id) },
    { name: "POST /api/pages/assign", allowed: ["company_admin", "admin"], run: (token) => assign(token, { userId: w.staff.id, pageIds: [w.outlet.id] }) },
    { name: "POST /api/pages/unassign", allowed: ["company_admin", "admin"], run: (token) => unassign(token, { userId: w.staff.id, pageId: w.shoes.id }) },
  ];

  for (const endpoint of endpoints) {
    it.each(ROLES)(`${endpoint.name} as %s`, async (role) => {
      const { status } = await endpoint.run(tokenOf(role), role);
      if (endpoint.allowed.includes(role)) expect([200, 201], `${role} should be allowed`).toContain(status);
      else expect(status, `${role} should be refused`).toBe(403);
    });

    it(`${endpoint.name} without a token → 401`, async () => {
      expect((await endpoint.run("", "staff")).status).toBe(401);
    });
  }
});

describe("GET /api/pages, /api/pages/{id}, /api/pages/details/{id}", () => {
  it("the super admin sees every page with its company; company roles see all of their company's pages", async () => {
    await makeConversation(w.shoes.id);
    await makeConversation(w.shoes.id);
    const all = await list(w.tokens.root);
    expect(all.status).toBe(200);
    expect(ids(all.body.pages)).toEqual(ids([w.shoes, w.outlet, w.globexPage].map((p) => ({ _id: p.id }))));
    expect(all.body.total).toBe(3);
    expect(all.body.pages.find((p: { _id: string }) => p._id === w.globexPage.id).company).toEqual({ _id: w.globex.id, name: "Globex" });

    // An admin answers only Shoes but administers every Acme page.
    for (const token of [w.tokens.owner, w.tokens.admin]) {
      const res = await list(token);
      expect(ids(res.body.pages)).toEqual([w.shoes.id, w.outlet.id].sort());
    }
    const shoes = (await list(w.tokens.owner)).body.pages.find((p: { _id: string }) => p._id === w.shoes.id);
    expect(shoes).toEqual({
      _id: w.shoes.id,
      page_id: w.shoes.facebookPageId,
      name: "Shoes",
      user_id: null,
      created_at: w.shoes.createdAt.toISOString(),
      conversationCount: 2,
      tokenStatus: "valid",
      // Made without asking Graph (the factory), so it must not claim "Token valid".
      health: "unverified",
      tokenErrorAt: null,
      tokenErrorCall: null,
      verifiedAt: null,
      subscribedAt: null,
      subscriptionError: null,
      import: null,
      lastWebhookAt: null,
      policy: null,
      handover: { role: null, apps: [], checkedAt: null },
      instagram: null,
      auto_replies: { instant: { enabled: false, text: "" }, away: { enabled: false, text: "" }, every_hours: 12 },
      company: { _id: w.acme.id, name: "Acme" },
    });
  });

  it("never returns the access token, in any form", async () => {
    const created = await add(w.tokens.owner, newPage());
    const bodies = [created.body, (await list(w.tokens.root)).body, (await getPage(w.tokens.owner, created.body.page._id)).body, (await details(w.tokens.owner, created.body.page._id)).body];
    const enc = (await db.page.findUniqueOrThrow({ where: { id: created.body.page._id } })).accessTokenEnc;
    for (const body of bodies) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(enc);
      expect(text).not.toMatch(/access_?token/i);
    }
  });

  it("one page by our id or the Facebook id; another company's page is 404", async () => {
    expect((await getPage(w.tokens.admin, w.outlet.id)).body).toMatchObject({ _id: w.outlet.id, name: "Outlet" });
    expect((await getPage(w.tokens.owner, w.shoes.facebookPageId)).body._id).toBe(w.shoes.id);
    expect((await getPage(w.tokens.globexOwner, w.shoes.id)).status).toBe(404);
    expect((await getPage(w.tokens.globexAdmin, w.shoes.facebookPageId)).status).toBe(404);
    expect((await getPage(w.tokens.owner, "nope")).status).toBe(404);
    expect((await getPage(w.tokens.root, w.globexPage.id)).status).toBe(200);
    expect((await details(w.tokens.globexOwner, w.shoes.id)).status).toBe(404);
  });

  it("details list the owner, the assigned users and the counts", async () => {
    await db.page.update({ where: { id: w.shoes.id }, data: { ownerId: w.owner.id } });
    await db.pageAssignment.create({ data: { userId: w.admin.id, pageId: w.shoes.id } });
    const { conversation } = await makeConversation(w.shoes.id);
    await db.label.create({ data: { pageId: w.shoes.id, name: "vip" } });
    await db.note.create({ data: { pageId: w.shoes.id, conversationId: conversation.id, text: "n" } });
    const res = await details(w.tokens.owner, w.shoes.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: w.shoes.id,
      user_id: w.owner.id,
      owner: { _id: w.owner.id, name: w.owner.name, email: w.owner.email },
      counts: { conversations: 1, labels: 1, savedReplies: 0, notes: 1, assignedUsers: 2 },
    });
    expect(res.body.assignedUsers.map((u: { _id: string }) => u._id)).toEqual([w.staff.id, w.admin.id]);
    expect(res.body.assignedUsers[0]).toEqual({ _id: w.staff.id, name: w.staff.name, email: w.staff.email, role: "staff" });
  });
});

describe("POST /api/pages", () => {
  it("the super admin adds a page for a company admin: it joins that company; the token is stored encrypted", async () => {
    simulatePage(sim, "123456789012345", "Globex Two", TOKEN);
    const body = { name: "  Globex Two ", page_id: " 123456789012345 ", user_id: w.globexOwner.id, page_access_token: `  ${TOKEN}  ` };
    const res = await add(w.tokens.root, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: "Page added successfully" });
    expect(res.body.page).toMatchObject({ name: "Globex Two", page_id: "123456789012345", user_id: w.globexOwner.id, conversationCount: 0, tokenStatus: "valid", company: { _id: w.globex.id } });
    const row = await db.page.findUniqueOrThrow({ where: { id: res.body.page._id } });
    expect(row.companyId).toBe(w.globex.id);
    expect(row.accessTokenEnc).not.toContain(TOKEN);
    expect(decryptSecret(row.accessTokenEnc)).toBe(TOKEN);
    // The company admin's inbox has it at once.
    expect(await myPageIds(w.tokens.globexOwner)).toContain(row.id);
  });

  it("the super admin must say whose page it is, and that user must belong to a company", async () => {
    const missing = await add(w.tokens.root, newPage());
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ user_id: "Please choose the user to add the page for" });
    const superOwner = await add(w.tokens.root, newPage({ user_id: w.root.id }));
    expect(superOwner.status).toBe(400);
    expect(await db.page.count()).toBe(3);
  });

  it("a company admin adds pages to their own company, for themselves or a user of it (who is then assigned it)", async () => {
    const mine = await add(w.tokens.owner, newPage());
    expect(mine.status).toBe(201);
    expect(mine.body.page).toMatchObject({ user_id: w.owner.id, company: { _id: w.acme.id } });

    const forStaff = await add(w.tokens.owner, newPage({ user_id: w.staff.id }));
    expect(forStaff.body.page).toMatchObject({ user_id: w.staff.id, company: { _id: w.acme.id } });
    expect(await myPageIds(w.tokens.staff)).toEqual([w.shoes.id, forStaff.body.page._id].sort());

    expect((await add(w.tokens.owner, newPage({ user_id: w.globexAdmin.id }))).status).toBe(404);
    expect((await add(w.tokens.globexOwner, newPage({ user_id: w.staff.id }))).status).toBe(404);
    expect(await db.page.count({ where: { companyId: w.globex.id } })).toBe(1);
  });

  it.each([
    [{ name: "" }, "name", "Page name is required"],
    [{ name: "  " }, "name", "Page name is required"],
    [{ name: "A" }, "name", "Page name must be at least 2 characters"],
    [{ page_id: "" }, "page_id", "Page ID is required"],
    [{ page_id: "12ab34" }, "page_id", "Page ID must contain only numbers"],
    [{ page_access_token: "" }, "page_access_token", "Page access token is required"],
    [{ page_access_token: "EAAshort" }, "page_access_token", "Access token appears to be too short"],
  ])("invalid %j → 400 %s: %s", async (change, field, message) => {
    const res = await add(w.tokens.owner, newPage(change));
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect(res.body.message).toBe(message);
  });

  it("a page already connected (to any company) → 400 containing 'already exists'", async () => {
    // Even with the page's real token: one page, one company.
    const res = await add(w.tokens.owner, newPage({ page_id: w.globexPage.facebookPageId, page_access_token: tokenOf_(w.globexPage) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This Facebook page already exists");
    expect(res.body.message).toContain("already exists");
    expect(res.body.fields).toEqual({ page_id: "This Facebook page already exists" });
  });

  it("malformed bodies are 400s, never 500s", async () => {
    expect((await call(pagesRoute.POST, "POST", "/api/pages", { token: w.tokens.owner, rawBody: "[" })).status).toBe(400);
    const typed = await add(w.tokens.owner, { name: ["x"], page_id: { a: 1 }, page_access_token: 7 });
    expect(typed.status).toBe(400);
    expect(Object.keys(typed.body.fields).sort()).toEqual(["name", "page_access_token", "page_id"]);
    expect((await add(w.tokens.owner, newPage({ page_access_token: "x".repeat(5000) }))).status).toBe(400);
  });
});

describe("PUT /api/pages/{id}", () => {
  it("renames a page; the token is kept unless a new one is sent", async () => {
    const before = (await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } })).accessTokenEnc;
    const res = await update(w.tokens.owner, w.shoes.id, { name: " Shoes & Boots ", page_id: w.shoes.facebookPageId, page_access_token: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: "Page updated successfully", page: { name: "Shoes & Boots", page_id: w.shoes.facebookPageId } });
    expect((await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } })).accessTokenEnc).toBe(before);
  });

  it("a new page id needs that page's token: the old page's token is refused and nothing changes", async () => {
    simulatePage(sim, "998877665544", "New Shoes", "SIM_NEW_SHOES_TOKEN_0000000001");
    const refused = await update(w.tokens.owner, w.shoes.id, { name: "Shoes", page_id: "998877665544" });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.page_access_token).toContain("not to page 998877665544");
    expect((await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } })).facebookPageId).toBe(w.shoes.facebookPageId);
    const res = await update(w.tokens.owner, w.shoes.id, { name: "Shoes", page_id: "998877665544", page_access_token: "SIM_NEW_SHOES_TOKEN_0000000001" });
    expect(res.status).toBe(200);
    expect(res.body.page).toMatchObject({ page_id: "998877665544", health: "healthy" });
  });

  it("a new token replaces the old one and clears a needs-token state", async () => {
    await db.page.update({ where: { id: w.shoes.id }, data: { tokenStatus: "needs_token", tokenErrorAt: new Date() } });
    const fresh = "EAAfreshfreshfreshfreshfreshtoken";
    simulatePage(sim, w.shoes.facebookPageId, "Shoes", fresh);
    const res = await update(w.tokens.root, w.shoes.id, { name: "Shoes", page_id: w.shoes.facebookPageId, page_access_token: fresh });
    expect(res.body.page.tokenStatus).toBe("valid");
    const row = await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } });
    expect(decryptSecret(row.accessTokenEnc)).toBe(fresh);
    expect(row.tokenErrorAt).toBeNull();
    expect(JSON.stringify(res.body)).not.toContain(fresh);
  });

  it("may hand the page to another user of its company, never to another company", async () => {
    const res = await update(w.tokens.owner, w.outlet.id, { name: "Outlet", page_id: w.outlet.facebookPageId, user_id: w.admin.id });
    expect(res.body.page.user_id).toBe(w.admin.id);
    expect(await myPageIds(w.tokens.admin)).toContain(w.outlet.id);
    const moved = await update(w.tokens.root, w.outlet.id, { name: "Outlet", page_id: w.outlet.facebookPageId, user_id: w.globexOwner.id });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe("A page cannot move to another company");
  });

  it("same rules as add; a taken page id → 400; another company's page → 404", async () => {
    const bad = await update(w.tokens.owner, w.shoes.id, { name: "S", page_id: "x1", page_access_token: "short" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ name: "Page name must be at least 2 characters", page_id: "Page ID must contain only numbers", page_access_token: "Access token appears to be too short" });
    const taken = await update(w.tokens.owner, w.shoes.id, { name: "Shoes", page_id: w.outlet.facebookPageId, page_access_token: tokenOf_(w.outlet) });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe("This Facebook page already exists");
    expect((await update(w.tokens.globexOwner, w.shoes.id, { name: "Mine now", page_id: "1" })).status).toBe(404);
    expect((await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } })).name).toBe("Shoes");
  });
});

describe("DELETE /api/pages/{id}", () => {
  it("removes the page and its inbox data; violations keep the page name; everyone's inbox keeps working", async () => {
    const { conversation } = await makeConversation(w.shoes.id, { name: "Dana" });
    await makeMessages(conversation.id, "psid", 3);
    await db.label.create({ data: { pageId: w.shoes.id, name: "vip" } });
    await db.note.create({ data: { pageId: w.shoes.id, conversationId: conversation.id, text: "n" } });
    await db.violation.create({ data: { companyId: w.acme.id, pageId: w.shoes.id, pageName: "Shoes", userName: "x", urls: ["evil.test"], message: "evil.test" } });
    await db.pageAssignment.create({ data: { userId: w.staff.id, pageId: w.outlet.id } });
    await makeConversation(w.outlet.id, { name: "Eve" });

    const res = await remove(w.tokens.owner, w.shoes.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Page deleted successfully" });
    expect(await db.page.findUnique({ where: { id: w.shoes.id } })).toBeNull();
    expect(await db.conversation.count({ where: { pageId: w.shoes.id } })).toBe(0);
    expect(await db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
    expect(await db.label.count({ where: { pageId: w.shoes.id } })).toBe(0);
    expect(await db.note.count()).toBe(0);
    expect(await db.pageAssignment.count({ where: { pageId: w.shoes.id } })).toBe(0);

    expect(await myPageIds(w.tokens.staff)).toEqual([w.outlet.id]);
    const outlet = await call(conversationsRoute.GET, "GET", `/api/conversations/${w.outlet.id}`, { token: w.tokens.staff, params: { pageId: w.outlet.id } });
    expect(outlet.status).toBe(200);
    expect(outlet.body.data.map((c: { from_name: string }) => c.from_name)).toEqual(["Eve"]);
    const gone = await call(conversationsRoute.GET, "GET", `/api/conversations/${w.shoes.id}`, { token: w.tokens.staff, params: { pageId: w.shoes.id } });
    expect(gone.status).toBe(404);
    const violations = await call(violationsRoute.GET, "GET", "/api/urls/violated", { token: w.tokens.owner });
    expect(violations.body[0].page).toEqual({ _id: null, name: "Shoes" });
  });

  it("another company's page is 404 and stays", async () => {
    expect((await remove(w.tokens.globexOwner, w.shoes.id)).status).toBe(404);
    expect((await remove(w.tokens.owner, w.globexPage.id)).status).toBe(404);
    expect(await db.page.count()).toBe(3);
    expect((await remove(w.tokens.root, w.globexPage.id)).status).toBe(200);
  });
});

describe("GET /api/pages/user/{userId}", () => {
  it("the pages a user owns, plus the ones assigned, each marked", async () => {
    await db.page.update({ where: { id: w.outlet.id }, data: { ownerId: w.staff.id } });
    const res = await userPages(w.tokens.admin, w.staff.id);
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual({ _id: w.staff.id, name: w.staff.name, email: w.staff.email, role: "staff" });
    expect(res.body.total).toBe(2);
    const byId = Object.fromEntries(res.body.pages.map((p: { _id: string; owned: boolean; assigned: boolean }) => [p._id, { owned: p.owned, assigned: p.assigned }]));
    expect(byId).toEqual({ [w.shoes.id]: { owned: false, assigned: true }, [w.outlet.id]: { owned: true, assigned: false } });
    expect((await userPages(w.tokens.owner, w.owner.id)).body.pages).toEqual([]);
  });

  it("another company's user is 404", async () => {
    expect((await userPages(w.tokens.globexOwner, w.staff.id)).status).toBe(404);
    expect((await userPages(w.tokens.globexAdmin, w.owner.id)).status).toBe(404);
    expect((await userPages(w.tokens.root, w.globexAdmin.id)).body.pages.map((p: { _id: string }) => p._id)).toEqual([w.globexPage.id]);
  });
});

describe("POST /api/pages/assign and /api/pages/unassign", () => {
  it("the selection becomes the user's page set, and the inbox follows", async () => {
    const both = await assign(w.tokens.owner, { userId: w.staff.id, pageIds: [w.shoes.id, w.outlet.facebookPageId, w.shoes.id] });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ success: true, message: "Pages assigned successfully!" });
    expect(ids(both.body.pages)).toEqual([w.shoes.id, w.outlet.id].sort());
    expect(await myPageIds(w.tokens.staff)).toEqual([w.shoes.id, w.outlet.id].sort());

    const onlyOutlet = await assign(w.tokens.admin, { userId: w.staff.id, pageIds: [w.outlet.id] });
    expect(ids(onlyOutlet.body.pages)).toEqual([w.outlet.id]);
    expect(await myPageIds(w.tokens.staff)).toEqual([w.outlet.id]);

    const removed = await unassign(w.tokens.owner, { userId: w.staff.id, pageId: w.outlet.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, message: "Pages access removed successfully!" });
    expect(await myPageIds(w.tokens.staff)).toEqual([]);
    // Removing access that is already gone still succeeds (a double click on the chip's ×).
    expect((await unassign(w.tokens.owner, { userId: w.staff.id, pageId: w.outlet.id })).status).toBe(200);
  });

  it("a company admin assigns to admins too", async () => {
    const res = await assign(w.tokens.owner, { userId: w.admin.id, pageIds: [w.outlet.id] });
    expect(res.status).toBe(200);
    expect(await myPageIds(w.tokens.admin)).toEqual([w.outlet.id]);
  });

  it("'Please select at least one page to assign' when empty; other bad bodies are 400s", async () => {
    const empty = await assign(w.tokens.owner, { userId: w.staff.id, pageIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please select at least one page to assign");
    expect(empty.body.fields).toEqual({ pageIds: "Please select at least one page to assign" });
    expect((await assign(w.tokens.owner, { userId: w.staff.id })).body.fields).toEqual({ pageIds: "Please select at least one page to assign" });
    expect((await assign(w.tokens.owner, { userId: w.staff.id, pageIds: "x" })).status).toBe(400);
    expect((await unassign(w.tokens.owner, { userId: w.staff.id })).body.fields).toEqual({ pageId: "Please select a page" });
    expect(await myPageIds(w.tokens.staff)).toEqual([w.shoes.id]);
  });

  it("pages and users of another company are 404; nothing changes", async () => {
    expect((await assign(w.tokens.owner, { userId: w.staff.id, pageIds: [w.outlet.id, w.globexPage.id] })).status).toBe(404);
    expect((await assign(w.tokens.owner, { userId: w.globexAdmin.id, pageIds: [w.shoes.id] })).status).toBe(404);
    expect((await assign(w.tokens.globexOwner, { userId: w.staff.id, pageIds: [w.globexPage.id] })).status).toBe(404);
    expect((await assign(w.tokens.owner, { userId: w.staff.id, pageIds: ["not-a-page"] })).status).toBe(404);
    expect((await unassign(w.tokens.globexOwner, { userId: w.staff.id, pageId: w.shoes.id })).status).toBe(404);
    expect((await unassign(w.tokens.owner, { userId: w.staff.id, pageId: w.globexPage.id })).status).toBe(404);
    expect(await myPageIds(w.tokens.staff)).toEqual([w.shoes.id]);
    expect(await myPageIds(w.tokens.globexAdmin)).toEqual([w.globexPage.id]);
  });

  it("an admin assigns only to staff; nobody changes their own access", async () => {
    const peer = await assign(w.tokens.admin, { userId: w.owner.id, pageIds: [w.outlet.id] });
    expect(peer.status).toBe(403);
    const otherAdmin = await makeUser("admin", w.acme.id);
    expect((await assign(w.tokens.admin, { userId: otherAdmin.id, pageIds: [w.outlet.id] })).status).toBe(403);
    const self = await assign(w.tokens.admin, { userId: w.admin.id, pageIds: [w.outlet.id] });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot change your own page access");
    expect((await unassign(w.tokens.owner, { userId: w.owner.id, pageId: w.shoes.id })).status).toBe(400);
    expect(await myPageIds(w.tokens.admin)).toEqual([]);
  });
});
