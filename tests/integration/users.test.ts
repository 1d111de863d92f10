import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import type { Role } from "@/lib/access/roles";
import * as allUsersRoute from "@/app/api/auth/users/route";
import * as companyUsersRoute from "@/app/api/users/company-users/route";
import * as userRoute from "@/app/api/users/[id]/route";
import * as createRoute from "@/app/api/users/route";
import * as signupRoute from "@/app/api/auth/signup/route";
import * as emailRoute from "@/app/api/users/email/route";
import * as banRoute from "@/app/api/auth/ban-user/route";
import * as passwordRoute from "@/app/api/auth/change-password/route";
import * as meRoute from "@/app/api/auth/me/route";
import * as conversationsRoute from "@/app/api/conversations/[pageId]/route";
import * as threadRoute from "@/app/api/conversation/[conversationId]/[pageId]/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import * as violationsRoute from "@/app/api/urls/violated/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

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
  const globexStaff = await makeUser("staff", globex.id);
  const tokens = {
    root: await tokenFor(root),
    owner: await tokenFor(owner),
    admin: await tokenFor(admin),
    staff: await tokenFor(staff),
    globexOwner: await tokenFor(globexOwner),
    globexAdmin: await tokenFor(globexAdmin),
  };
  return { acme, globex, root, owner, admin, staff, globexOwner, globexAdmin, globexStaff, tokens };
}

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

const ROLES: Role[] = ["super_admin", "company_admin", "admin", "staff"];
const tokenOf = (role: Role) => ({ super_admin: w.tokens.root, company_admin: w.tokens.owner, admin: w.tokens.admin, staff: w.tokens.staff })[role];

let seq = 0;
const uniqueEmail = (prefix = "new") => `${prefix}.${Date.now().toString(36)}${seq++}@example.test`;
const companyAdminBody = () => ({ name: "Carla Owner", email: uniqueEmail("carla"), password: "secret1", confirmPassword: "secret1", role: "company_admin", companyName: "Initech" });
const staffBody = () => ({ name: "Sam Staff", email: uniqueEmail("sam"), role: "staff" });

const getUser = (token: string, id: string) => call(userRoute.GET, "GET", `/api/users/${id}`, { token, params: { id } });
const deleteUser = (token: string, id: string) => call(userRoute.DELETE, "DELETE", `/api/users/${id}`, { token, params: { id } });
const createUser = (token: string, body: unknown) => call(createRoute.POST, "POST", "/api/users", { token, body });
const ban = (token: string, id: string, isActive: boolean) => call(banRoute.POST, "POST", "/api/auth/ban-user", { token, body: { id, isActive } });
const updateEmail = (token: string, email: string, newEmail: string) => call(emailRoute.PUT, "PUT", "/api/users/email", { token, body: { email, newEmail } });
const me = (token: string) => call(meRoute.GET, "GET", "/api/auth/me", { token });

describe("every endpoint × every role", () => {
  const endpoints: { name: string; allowed: Role[]; run: (token: string, role: Role) => Promise<{ status: number }> }[] = [
    { name: "GET /api/auth/users", allowed: ["super_admin"], run: (token) => call(allUsersRoute.GET, "GET", "/api/auth/users", { token }) },
    { name: "GET /api/users/company-users", allowed: ["company_admin", "admin"], run: (token) => call(companyUsersRoute.GET, "GET", "/api/users/company-users", { token }) },
    { name: "GET /api/users/{id}", allowed: ["super_admin", "company_admin", "admin"], run: (token) => getUser(token, w.staff.id) },
    {
      name: "DELETE /api/users/{id}",
      allowed: ["super_admin", "company_admin", "admin"],
      run: async (token) => deleteUser(token, (await makeUser("staff", w.acme.id)).id),
    },
    { name: "POST /api/users", allowed: ["super_admin", "company_admin", "admin"], run: (token, role) => createUser(token, role === "super_admin" ? companyAdminBody() : staffBody()) },
    {
      name: "POST /api/auth/signup",
      allowed: ["super_admin", "company_admin", "admin"],
      run: (token, role) => call(signupRoute.POST, "POST", "/api/auth/signup", { token, body: role === "super_admin" ? companyAdminBody() : staffBody() }),
    },
    {
      name: "PUT /api/users/email",
      allowed: ["super_admin", "company_admin", "admin"],
      run: async (token) => updateEmail(token, (await makeUser("staff", w.acme.id)).email, uniqueEmail()),
    },
    { name: "POST /api/auth/ban-user", allowed: ["super_admin", "company_admin", "admin"], run: async (token) => ban(token, (await makeUser("staff", w.acme.id)).id, false) },
    {
      name: "POST /api/auth/change-password",
      allowed: ["super_admin", "company_admin", "admin", "staff"],
      run: (token) => call(passwordRoute.POST, "POST", "/api/auth/change-password", { token, body: { newPassword: "secret1", confirmPassword: "secret1" } }),
    },
  ];

  for (const endpoint of endpoints) {
    it.each(ROLES)(`${endpoint.name} as %s`, async (role) => {
      const { status } = await endpoint.run(tokenOf(role), role);
      if (endpoint.allowed.includes(role)) expect(status, `${role} should be allowed`).toBeGreaterThanOrEqual(200);
      if (endpoint.allowed.includes(role)) expect(status).toBeLessThan(300);
      else expect(status, `${role} should be refused`).toBe(403);
    });

    it(`${endpoint.name} without a token → 401`, async () => {
      expect((await endpoint.run("", "staff")).status).toBe(401);
    });
  }
});

describe("GET /api/auth/users and /api/users/company-users", () => {
  it("the super admin pages through everyone, newest first, 10 a page, in the spec's shape", async () => {
    for (let i = 0; i < 5; i++) await makeUser("staff", w.acme.id, { name: `Late ${i}` });
    const first = await call(allUsersRoute.GET, "GET", "/api/auth/users", { token: w.tokens.root, query: { page: "1" } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, per_page: 10, total: 12, total_pages: 2 });
    expect(first.body.users).toHaveLength(10);
    expect(first.body.users.slice(0, 5).map((u: { name: string }) => u.name)).toEqual(["Late 4", "Late 3", "Late 2", "Late 1", "Late 0"]);
    expect(first.body.users[0]).toEqual({
      _id: expect.any(String),
      name: "Late 4",
      email: expect.stringContaining("@example.test"),
      role: "staff",
      is_active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      company: { _id: w.acme.id, name: "Acme" },
    });
    const second = await call(allUsersRoute.GET, "GET", "/api/auth/users", { token: w.tokens.root, query: { page: "2" } });
    expect(second.body.users).toHaveLength(2);
    const everyone = [...first.body.users, ...second.body.users].map((u: { _id: string }) => u._id);
    expect(new Set(everyone).size).toBe(12);
    expect(everyone).toContain(w.root.id);
    expect(second.body.users.find((u: { _id: string }) => u._id === w.root.id)?.company ?? "none").toBe("none");
    const past = await call(allUsersRoute.GET, "GET", "/api/auth/users", { token: w.tokens.root, query: { page: "9" } });
    expect(past.body).toMatchObject({ users: [], page: 9, total: 12, total_pages: 2 });
  });

  it("company roles see only their company's users", async () => {
    for (const token of [w.tokens.owner, w.tokens.admin]) {
      const res = await call(companyUsersRoute.GET, "GET", "/api/users/company-users", { token });
      expect(res.status).toBe(200);
      expect(res.body.users.map((u: { _id: string }) => u._id).sort()).toEqual([w.owner.id, w.admin.id, w.staff.id].sort());
      expect(res.body).toMatchObject({ page: 1, per_page: 10, total: 3, total_pages: 1 });
    }
    const globex = await call(companyUsersRoute.GET, "GET", "/api/users/company-users", { token: w.tokens.globexAdmin });
    expect(globex.body.users.map((u: { email: string }) => u.email)).not.toContain(w.staff.email);
  });

  it("a malformed page is a 400 with the field", async () => {
    const res = await call(companyUsersRoute.GET, "GET", "/api/users/company-users", { token: w.tokens.owner, query: { page: "abc" } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ page: "page must be a number" });
  });
});

describe("GET /api/users/{id}", () => {
  it("shows a user of the actor's company; other companies' ids and garbage are 404", async () => {
    const res = await getUser(w.tokens.admin, w.owner.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: w.owner.id, name: w.owner.name, email: w.owner.email, role: "company_admin", is_active: true, company: { _id: w.acme.id } });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await getUser(w.tokens.globexOwner, w.staff.id)).status).toBe(404);
    expect((await getUser(w.tokens.globexAdmin, w.owner.id)).status).toBe(404);
    expect((await getUser(w.tokens.owner, w.root.id)).status).toBe(404);
    expect((await getUser(w.tokens.owner, "not-a-uuid")).status).toBe(404);
    expect((await getUser(w.tokens.root, w.globexStaff.id)).status).toBe(200);
  });
});

describe("POST /api/users (and /api/auth/signup)", () => {
  it("the super admin creates a company admin with a new company; the password is kept only as a scrypt hash", async () => {
    const body = { ...companyAdminBody(), name: "  Carla Owner ", email: "  Carla.Owner@Initech.TEST " };
    const res = await createUser(w.tokens.root, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: "User created successfully" });
    expect(res.body.user).toMatchObject({ name: "Carla Owner", email: "carla.owner@initech.test", role: "company_admin", is_active: true, company: { name: "Initech" } });
    expect(JSON.stringify(res.body)).not.toContain("secret1");
    const row = await db.user.findUniqueOrThrow({ where: { id: res.body.user._id } });
    expect(row.companyId).toBe(res.body.user.company._id);
    expect(row.companyId).not.toBe(w.acme.id);
    expect(row.passwordHash).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(row.passwordHash).not.toContain("secret1");
    // The new company admin works at once, in their own company.
    const list = await call(companyUsersRoute.GET, "GET", "/api/users/company-users", { token: await tokenFor(row) });
    expect(list.body.users.map((u: { _id: string }) => u._id)).toEqual([row.id]);
  });

  it("the alias /api/auth/signup does the same", async () => {
    const res = await call(signupRoute.POST, "POST", "/api/auth/signup", { token: w.tokens.owner, body: { name: "Sally", email: "sally@acme.test", role: "admin" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: "sally@acme.test", role: "admin", company: { _id: w.acme.id } });
  });

  it("PRODUCT §7's body (name, email, password, role, companyName — no confirmPassword) creates a company admin on both paths", async () => {
    const spec = () => ({ name: "Carla Owner", email: uniqueEmail("spec"), password: "secret1", role: "company_admin", companyName: "Spec Co" });
    const viaUsers = await createUser(w.tokens.root, spec());
    expect(viaUsers.status).toBe(201);
    expect(viaUsers.body.user).toMatchObject({ role: "company_admin", company: { name: "Spec Co" } });
    const viaSignup = await call(signupRoute.POST, "POST", "/api/auth/signup", { token: w.tokens.root, body: spec() });
    expect(viaSignup.status).toBe(201);
    const staffWithPassword = await createUser(w.tokens.owner, { name: "Pat Staff", email: uniqueEmail("pat"), password: "secret1", role: "staff", companyName: "" });
    expect(staffWithPassword.status).toBe(201);
    // A confirmation that is sent must still match.
    const mismatch = await createUser(w.tokens.root, { ...spec(), confirmPassword: "other12" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.fields).toEqual({ confirmPassword: "Passwords do not match" });
  });

  it("a company admin creates admins and staff in their own company (any companyName is ignored)", async () => {
    for (const role of ["admin", "staff"]) {
      const res = await createUser(w.tokens.owner, { ...staffBody(), role, companyName: "Elsewhere" });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ role, company: { _id: w.acme.id, name: "Acme" } });
    }
    expect(await db.company.count()).toBe(2);
  });

  it("an admin creates staff", async () => {
    const res = await createUser(w.tokens.admin, staffBody());
    expect(res.status).toBe(201);
    expect(res.body.user.company._id).toBe(w.acme.id);
  });

  it.each([
    ["super_admin", "staff", "A super admin can only create company admins"],
    ["super_admin", "super_admin", "A super admin can only create company admins"],
    ["company_admin", "company_admin", "A company admin can only create admins and staff"],
    ["company_admin", "super_admin", "A company admin can only create admins and staff"],
    ["admin", "admin", "An admin can only create staff"],
    ["admin", "company_admin", "An admin can only create staff"],
  ] as const)("%s may not create %s (403: %s)", async (creator, role, message) => {
    const res = await createUser(tokenOf(creator), { ...companyAdminBody(), role });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(message);
  });

  it("staff may not create anyone", async () => {
    const res = await createUser(w.tokens.staff, staffBody());
    expect(res.status).toBe(403);
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ name: " J " }, "name", "Name must be at least 2 characters"],
    [{ email: "" }, "email", "Email is required"],
    [{ email: "nope" }, "email", "Please enter a valid email address"],
    [{ role: "" }, "role", "Please select a role"],
    [{ password: "12345", confirmPassword: "12345" }, "password", "Password must be at least 6 characters"],
    [{ password: undefined, confirmPassword: undefined }, "password", "Password is required"],
    [{ confirmPassword: "secret2" }, "confirmPassword", "Passwords do not match"],
    [{ companyName: " " }, "companyName", "Company name is required"],
  ])("invalid %j → 400 %s: %s", async (change, field, message) => {
    const res = await createUser(w.tokens.root, { ...companyAdminBody(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
  });

  it("malformed JSON and wrong types are 400s, never 500s", async () => {
    expect((await call(createRoute.POST, "POST", "/api/users", { token: w.tokens.owner, rawBody: "{nope" })).status).toBe(400);
    const typed = await createUser(w.tokens.owner, { name: 42, email: ["a"], role: null });
    expect(typed.status).toBe(400);
    expect(typed.body.fields).toMatchObject({ name: "Name is required", email: "Email is required", role: "Please select a role" });
  });

  it("a duplicate e-mail (any case) → 409 'A user with this email already exists'", async () => {
    const res = await createUser(w.tokens.owner, { ...staffBody(), email: `  ${w.staff.email.toUpperCase()}` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("A user with this email already exists");
    expect(res.body.fields).toEqual({ email: "A user with this email already exists" });
    const companies = await db.company.count();
    const dup = await createUser(w.tokens.root, { ...companyAdminBody(), email: w.globexOwner.email });
    expect(dup.status).toBe(409);
    expect(await db.company.count()).toBe(companies);
  });
});

describe("PUT /api/users/email", () => {
  it("the super admin changes anyone's; company roles the users they manage in their company", async () => {
    const byRoot = await updateEmail(w.tokens.root, w.globexOwner.email, " Boss@Globex.TEST ");
    expect(byRoot.status).toBe(200);
    expect(byRoot.body).toMatchObject({ success: true, message: "Email updated successfully", user: { _id: w.globexOwner.id, email: "boss@globex.test" } });

    const byOwner = await updateEmail(w.tokens.owner, w.admin.email, "admin2@acme.test");
    expect(byOwner.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: w.admin.id } })).email).toBe("admin2@acme.test");

    const byAdmin = await updateEmail(w.tokens.admin, w.staff.email, "staff2@acme.test");
    expect(byAdmin.status).toBe(200);
  });

  it("one's own address may be changed", async () => {
    const res = await updateEmail(w.tokens.admin, w.admin.email, "me@acme.test");
    expect(res.status).toBe(200);
    expect((await me(w.tokens.admin)).body.user.email).toBe("me@acme.test");
  });

  it("another company's user is 404; a role the actor does not manage is 403", async () => {
    expect((await updateEmail(w.tokens.globexOwner, w.staff.email, "x@globex.test")).status).toBe(404);
    expect((await updateEmail(w.tokens.owner, w.root.email, "x@acme.test")).status).toBe(404);
    expect((await updateEmail(w.tokens.owner, "nobody@acme.test", "x@acme.test")).status).toBe(404);
    const peer = await updateEmail(w.tokens.admin, w.owner.email, "x@acme.test");
    expect(peer.status).toBe(403);
    expect(peer.body.message).toBe("Admins can manage only staff");
    expect((await db.user.findUniqueOrThrow({ where: { id: w.owner.id } })).email).toBe(w.owner.email);
  });

  it("blank → 400; invalid → 400; taken → 409", async () => {
    const blank = await updateEmail(w.tokens.owner, w.staff.email, "   ");
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual({ newEmail: "Please enter a new email address" });
    const invalid = await updateEmail(w.tokens.owner, w.staff.email, "not an address");
    expect(invalid.body.fields).toEqual({ newEmail: "Please enter a valid email address" });
    const taken = await updateEmail(w.tokens.owner, w.staff.email, w.globexStaff.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("A user with this email already exists");
  });
});

describe("POST /api/auth/ban-user", () => {
  it("a ban takes effect on the banned user's next request; an unban restores access", async () => {
    expect((await me(w.tokens.staff)).status).toBe(200);
    const banned = await ban(w.tokens.owner, w.staff.id, false);
    expect(banned.status).toBe(200);
    expect(banned.body).toMatchObject({ success: true, message: "User banned successfully", user: { _id: w.staff.id, is_active: false } });
    const refused = await me(w.tokens.staff);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe("Your account has been deactivated");

    const unbanned = await ban(w.tokens.owner, w.staff.id, true);
    expect(unbanned.body).toMatchObject({ success: true, message: "User unbanned successfully", user: { is_active: true } });
    expect((await me(w.tokens.staff)).status).toBe(200);
  });

  it("the super admin bans a company admin; an admin bans staff", async () => {
    expect((await ban(w.tokens.root, w.globexOwner.id, false)).status).toBe(200);
    expect((await me(w.tokens.globexOwner)).status).toBe(401);
    expect((await ban(w.tokens.admin, w.staff.id, false)).status).toBe(200);
  });

  it("nobody bans themselves (400), a peer or superior (403), or another company's user (404)", async () => {
    const self = await ban(w.tokens.owner, w.owner.id, false);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot ban your own account");
    expect((await ban(w.tokens.root, w.root.id, false)).status).toBe(400);
    const peer = await ban(w.tokens.admin, w.owner.id, false);
    expect(peer.status).toBe(403);
    expect(peer.body.message).toBe("Admins can manage only staff");
    const otherAdmin = await makeUser("admin", w.acme.id);
    expect((await ban(w.tokens.admin, otherAdmin.id, false)).status).toBe(403);
    const secondOwner = await makeUser("company_admin", w.acme.id);
    const ownerPeer = await ban(w.tokens.owner, secondOwner.id, false);
    expect(ownerPeer.status).toBe(403);
    expect(ownerPeer.body.message).toBe("Company admins can manage only the admins and staff of their company");
    expect((await ban(w.tokens.globexOwner, w.staff.id, false)).status).toBe(404);
    expect((await ban(w.tokens.owner, w.root.id, false)).status).toBe(404);
    expect(await db.user.count({ where: { isActive: false } })).toBe(0);
  });

  it("a malformed body is a 400 with per-field messages", async () => {
    const res = await call(banRoute.POST, "POST", "/api/auth/ban-user", { token: w.tokens.owner, body: { isActive: "no" } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ id: "User id is required", isActive: "isActive must be true or false" });
  });
});

describe("DELETE /api/users/{id}", () => {
  it("the user goes; their assignments go; their pages, notes, messages and violations stay; the inbox keeps working", async () => {
    const colleague = await makeUser("staff", w.acme.id);
    const shoes = await makePage(w.acme.id, [w.staff.id, colleague.id], "Shoes");
    await db.page.update({ where: { id: shoes.id }, data: { ownerId: w.staff.id } });
    const { conversation, customer } = await makeConversation(shoes.id, { name: "Dana" });
    await db.note.create({ data: { pageId: shoes.id, conversationId: conversation.id, authorId: w.staff.id, text: "Called back" } });
    await db.message.create({
      data: { conversationId: conversation.id, direction: "outbound", senderId: shoes.facebookPageId, authorId: w.staff.id, text: "On its way", sendStatus: "sent", createdTime: new Date() },
    });
    await db.violation.create({ data: { companyId: w.acme.id, userId: w.staff.id, userName: w.staff.name, pageId: shoes.id, pageName: "Shoes", conversationId: conversation.id, urls: ["evil.test"], message: "see evil.test" } });

    const res = await deleteUser(w.tokens.owner, w.staff.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "User deleted successfully" });
    expect(await db.user.findUnique({ where: { id: w.staff.id } })).toBeNull();
    expect(await db.pageAssignment.count({ where: { userId: w.staff.id } })).toBe(0);
    expect(await db.page.findUniqueOrThrow({ where: { id: shoes.id } })).toMatchObject({ ownerId: null });
    expect(await db.note.findFirstOrThrow({ where: { conversationId: conversation.id } })).toMatchObject({ authorId: null, text: "Called back" });
    expect(await db.message.findFirstOrThrow({ where: { conversationId: conversation.id } })).toMatchObject({ authorId: null, text: "On its way" });

    // The deleted user's token is dead; the colleague's inbox is intact.
    expect((await me(w.tokens.staff)).status).toBe(401);
    const colleagueToken = await tokenFor(colleague);
    const pages = await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token: colleagueToken });
    expect(pages.status).toBe(200);
    expect(pages.body.pages.map((p: { _id: string }) => p._id)).toEqual([shoes.id]);
    const list = await call(conversationsRoute.GET, "GET", `/api/conversations/${shoes.id}`, { token: colleagueToken, params: { pageId: shoes.id } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { from_name: string }) => c.from_name)).toEqual(["Dana"]);
    const thread = await call(threadRoute.GET, "GET", `/api/conversation/${conversation.id}/${shoes.id}`, { token: colleagueToken, params: { conversationId: conversation.id, pageId: shoes.id } });
    expect(thread.status).toBe(200);
    // An outgoing message without an author is shown as sent by the page.
    expect(thread.body.data.find((m: { message: string }) => m.message === "On its way").from.name).toBe("Shoes");
    expect(customer.name).toBe("Dana");
    const violations = await call(violationsRoute.GET, "GET", "/api/urls/violated", { token: w.tokens.owner });
    expect(violations.body[0].user).toEqual({ _id: null, name: w.staff.name });
  });

  it("the super admin deletes a company admin; the company and its pages stay", async () => {
    const page = await makePage(w.globex.id, [], "Globex Page");
    expect((await deleteUser(w.tokens.root, w.globexOwner.id)).status).toBe(200);
    expect(await db.company.findUnique({ where: { id: w.globex.id } })).not.toBeNull();
    expect(await db.page.findUnique({ where: { id: page.id } })).not.toBeNull();
  });

  it("nobody deletes themselves (400), a peer or superior (403), or another company's user (404)", async () => {
    const self = await deleteUser(w.tokens.owner, w.owner.id);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe("You cannot delete your own account");
    expect((await deleteUser(w.tokens.root, w.root.id)).status).toBe(400);
    expect((await deleteUser(w.tokens.admin, w.owner.id)).status).toBe(403);
    expect((await deleteUser(w.tokens.globexOwner, w.staff.id)).status).toBe(404);
    expect((await deleteUser(w.tokens.globexAdmin, w.staff.id)).status).toBe(404);
    expect((await deleteUser(w.tokens.owner, w.root.id)).status).toBe(404);
    expect((await deleteUser(w.tokens.owner, "../etc")).status).toBe(404);
    expect(await db.user.count()).toBe(7);
  });
});

describe("POST /api/auth/change-password", () => {
  const change = (token: string, body: unknown) => call(passwordRoute.POST, "POST", "/api/auth/change-password", { token, body });

  it("sets a first password without a current one; afterwards the current one is required and checked", async () => {
    const first = await change(w.tokens.staff, { newPassword: "secret1", confirmPassword: "secret1" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, message: "Password changed successfully" });
    const hash = (await db.user.findUniqueOrThrow({ where: { id: w.staff.id } })).passwordHash;
    expect(hash).toMatch(/^scrypt\$/);

    const missing = await change(w.tokens.staff, { newPassword: "secret2", confirmPassword: "secret2" });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ currentPassword: "Current password is required" });
    const wrong = await change(w.tokens.staff, { currentPassword: "secret9", newPassword: "secret2", confirmPassword: "secret2" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ currentPassword: "Current password is incorrect" });
    expect((await db.user.findUniqueOrThrow({ where: { id: w.staff.id } })).passwordHash).toBe(hash);

    const ok = await change(w.tokens.staff, { currentPassword: "secret1", newPassword: "secret2", confirmPassword: "secret2" });
    expect(ok.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: w.staff.id } })).passwordHash).not.toBe(hash);
  });

  it.each([
    [{ newPassword: "12345", confirmPassword: "12345" }, { newPassword: "Password must be at least 6 characters" }],
    [{ newPassword: "secret1", confirmPassword: "secret2" }, { confirmPassword: "Passwords do not match" }],
    [{ newPassword: "secret1" }, { confirmPassword: "Please confirm the password" }],
  ])("%j → 400 %j", async (body, fields) => {
    const res = await change(w.tokens.admin, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(fields);
  });
});
