import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Job } from "bullmq";
import { db } from "@/server/db";
import * as auditRoute from "@/app/api/audit/route";
import * as createUserRoute from "@/app/api/users/route";
import * as userRoute from "@/app/api/users/[id]/route";
import * as signOutUserRoute from "@/app/api/users/[id]/sign-out/route";
import * as emailRoute from "@/app/api/users/email/route";
import * as banRoute from "@/app/api/auth/ban-user/route";
import * as urlsRoute from "@/app/api/urls/route";
import * as urlRoute from "@/app/api/urls/[id]/route";
import * as pagesRoute from "@/app/api/pages/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import * as assignRoute from "@/app/api/pages/assign/route";
import * as unassignRoute from "@/app/api/pages/unassign/route";
import * as hoursRoute from "@/app/api/reports/business-hours/route";
import * as inboxSettingsRoute from "@/app/api/inbox/settings/route";
import type { ApiAuditEntry, AuditPage } from "@/lib/contract/audit-api";
import { recordAudit } from "@/server/services/audit/record-audit";
import { pruneAuditEntries } from "@/workers/audit/prune-audit-entries";
import { findJob } from "@/workers/jobs/index";
import { DAY_MS } from "@/lib/contract/messaging-window";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { freshPageId, simulatePage, startGraphSimulator, tokenFor as pageTokenFor } from "./support/graph-sim";
import { JOBS } from "@/server/queue/jobs";

// The audit log (docs/PRODUCT.md §13.5): real admin actions through their routes write entries, which
// GET /api/audit lists newest first with filters and a keyset cursor, to the company's own admins only;
// entries older than a year are deleted by the retention job.

let sim: Simulator;
beforeAll(async () => {
  sim = await startGraphSimulator();
});
afterAll(() => sim.close());

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const root = await makeUser("super_admin", null, { name: "Root" });
  const owner = await makeUser("company_admin", acme.id, { name: "Olga Owner" });
  const admin = await makeUser("admin", acme.id, { name: "Adam Admin" });
  const staff = await makeUser("staff", acme.id, { name: "Ana Staff" });
  const globexOwner = await makeUser("company_admin", globex.id, { name: "Gus Globex" });
  const shop = await makePage(acme.id, [], "Shop");
  const tokens = { root: await tokenFor(root), owner: await tokenFor(owner), admin: await tokenFor(admin), staff: await tokenFor(staff), globexOwner: await tokenFor(globexOwner) };
  return { acme, globex, root, owner, admin, staff, shop, tokens };
}
let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const audit = (token: string, query: Record<string, string> = {}) => call(auditRoute.GET, "GET", "/api/audit", { token, query });
const entries = async (token: string, query: Record<string, string> = {}) => {
  const res = await audit(token, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as AuditPage).entries;
};
/** JSON with keys in order: Postgres keeps jsonb's keys in its own order. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));
/** "actor: action target details" lines, oldest first: what the admins did, in order. */
const lines = (list: ApiAuditEntry[]) => list.map((e) => `${e.actor.name}: ${e.action} ${e.target.name ?? ""} ${sorted(e.details)}`).reverse();

describe("audit log: what admin actions write", () => {
  it("users, whitelist, pages, page access, business hours and auto-assign, each with small details and no secrets", async () => {
    const { owner: t } = w.tokens;
    const created = await call(createUserRoute.POST, "POST", "/api/users", { token: t, body: { name: "Nina New", email: "nina.audit@example.test", role: "staff" } });
    expect(created.status).toBe(201);
    const nina = (created.body as { user: { _id: string } }).user._id;
    expect((await call(emailRoute.PUT, "PUT", "/api/users/email", { token: t, body: { email: "nina.audit@example.test", newEmail: "nina.a@example.test" } })).status).toBe(200);
    expect((await call(banRoute.POST, "POST", "/api/auth/ban-user", { token: t, body: { id: nina, isActive: false } })).status).toBe(200);
    // Banning again changes nothing, so it writes nothing.
    expect((await call(banRoute.POST, "POST", "/api/auth/ban-user", { token: t, body: { id: nina, isActive: false } })).status).toBe(200);
    expect((await call(banRoute.POST, "POST", "/api/auth/ban-user", { token: t, body: { id: nina, isActive: true } })).status).toBe(200);
    expect((await call(signOutUserRoute.POST, "POST", `/api/users/${nina}/sign-out`, { token: t, params: { id: nina } })).status).toBe(200);
    expect((await call(assignRoute.POST, "POST", "/api/pages/assign", { token: t, body: { userId: nina, pageIds: [w.shop.id] } })).status).toBe(200);
    expect((await call(unassignRoute.POST, "POST", "/api/pages/unassign", { token: t, body: { userId: nina, pageId: w.shop.id } })).status).toBe(200);
    expect((await call(userRoute.DELETE, "DELETE", `/api/users/${nina}`, { token: t, params: { id: nina } })).status).toBe(200);

    const url = await call(urlsRoute.POST, "POST", "/api/urls", { token: t, body: { url: "example.com" } });
    const urlId = (url.body as { _id: string })._id;
    expect((await call(urlRoute.PUT, "PUT", `/api/urls/${urlId}`, { token: t, params: { id: urlId }, body: { url: "shop.example.com" } })).status).toBe(200);
    expect((await call(urlRoute.DELETE, "DELETE", `/api/urls/${urlId}`, { token: t, params: { id: urlId } })).status).toBe(200);
    expect((await call(hoursRoute.PUT, "PUT", "/api/reports/business-hours", { token: t, body: { timezone: "Europe/Berlin", businessHours: { "1": [[540, 1020]] } } })).status).toBe(200);
    expect((await call(inboxSettingsRoute.PUT, "PUT", "/api/inbox/settings", { token: t, body: { pageId: w.shop.id, autoAssign: true } })).status).toBe(200);

    const fbId = freshPageId();
    simulatePage(sim, fbId, "Outlet");
    const token = pageTokenFor(fbId);
    const connected = await call(pagesRoute.POST, "POST", "/api/pages", { token: t, body: { name: "Outlet", page_id: fbId, page_access_token: token } });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const outlet = (connected.body as { page: { _id: string } }).page._id;
    expect((await call(pageRoute.PUT, "PUT", `/api/pages/${outlet}`, { token: t, params: { id: outlet }, body: { name: "Outlet Store", page_id: fbId } })).status).toBe(200);
    expect((await call(pageRoute.DELETE, "DELETE", `/api/pages/${outlet}`, { token: t, params: { id: outlet } })).status).toBe(200);

    const log = await entries(t, { limit: "100" });
    expect(lines(log)).toEqual([
      `Olga Owner: user.created Nina New {"email":"nina.audit@example.test","role":"staff"}`,
      `Olga Owner: user.updated Nina New {"field":"email","from":"nina.audit@example.test","to":"nina.a@example.test"}`,
      "Olga Owner: user.banned Nina New null",
      "Olga Owner: user.unbanned Nina New null",
      `Olga Owner: user.signed_out Nina New {"sessions":0}`,
      `Olga Owner: page.agents_changed Shop {"agent":"Nina New","agentId":"${nina}","change":"added"}`,
      `Olga Owner: page.agents_changed Shop {"agent":"Nina New","agentId":"${nina}","change":"removed"}`,
      `Olga Owner: user.deleted Nina New {"email":"nina.a@example.test","role":"staff"}`,
      `Olga Owner: whitelist.added example.com {"url":"example.com"}`,
      `Olga Owner: whitelist.updated shop.example.com {"from":"example.com","to":"shop.example.com"}`,
      `Olga Owner: whitelist.removed shop.example.com {"url":"shop.example.com"}`,
      `Olga Owner: company.business_hours_changed Acme {"hours":"set","timezone":{"from":"UTC","to":"Europe/Berlin"}}`,
      `Olga Owner: page.inbox_settings_changed Shop {"autoAssign":{"from":false,"to":true}}`,
      `Olga Owner: page.connected Outlet {"facebookPageId":"${fbId}"}`,
      `Olga Owner: page.updated Outlet Store {"name":{"from":"Outlet","to":"Outlet Store"}}`,
      `Olga Owner: page.deleted Outlet Store {"facebookPageId":"${fbId}"}`,
    ]);
    // The page's token never reaches the log, nor does any of it reach another company's.
    expect(JSON.stringify(await db.auditEntry.findMany({ select: { details: true, targetName: true } }))).not.toContain(token);
    expect(await entries(w.tokens.globexOwner)).toEqual([]);
  });

  it("a super admin's action on a company is written in that company's log, under the super admin's name", async () => {
    const res = await call(createUserRoute.POST, "POST", "/api/users", {
      token: w.tokens.root,
      body: { name: "Cora Owner", email: "cora.audit@example.test", password: "secret1", confirmPassword: "secret1", role: "company_admin", companyName: "Initech" },
    });
    expect(res.status).toBe(201);
    const cora = await db.user.findUniqueOrThrow({ where: { email: "cora.audit@example.test" } });
    expect(lines(await entries(await tokenFor(cora)))).toEqual([`Root: user.created Cora Owner {"email":"cora.audit@example.test","role":"company_admin"}`]);
    expect(JSON.stringify(await db.auditEntry.findMany({ select: { details: true, targetName: true } }))).not.toContain("secret1");
    await call(banRoute.POST, "POST", "/api/auth/ban-user", { token: w.tokens.root, body: { id: w.staff.id, isActive: false } });
    expect(lines(await entries(w.tokens.owner))).toEqual(["Root: user.banned Ana Staff null"]);
  });
});

async function seed(companyId: string, count: number, start = Date.UTC(2026, 10, 1)) {
  const before = (await db.auditEntry.aggregate({ _max: { id: true } }))._max.id ?? 0n;
  const owner = await db.user.findFirstOrThrow({ where: { companyId, role: "company_admin" } });
  for (let i = 0; i < count; i++) {
    const actor = i % 2 ? { id: owner.id, name: owner.name } : null;
    await recordAudit({ companyId, actor, action: i % 3 ? "user.banned" : "page.updated", target: { type: "user", id: String(i), name: `n${i}` } });
  }
  // Spread an hour apart, two entries in each millisecond, so the cursor's tie-break on id is exercised.
  const rows = await db.auditEntry.findMany({ where: { id: { gt: before } }, orderBy: { id: "asc" }, select: { id: true } });
  for (const [i, row] of rows.entries()) await db.auditEntry.update({ where: { id: row.id }, data: { at: new Date(start + Math.floor(i / 2) * 3_600_000) } });
}

describe("GET /api/audit", () => {
  it("pages newest first by (at, id) with a cursor: every entry once, none skipped at equal times", async () => {
    await seed(w.acme.id, 25);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await audit(w.tokens.owner, { limit: "7", ...(cursor ? { cursor } : {}) });
      const page = res.body as AuditPage;
      expect(page.actors === null).toBe(Boolean(cursor));
      seen.push(...page.entries.map((e) => e.target.name!));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `n${24 - i}`));
  });

  it("filters by action, area, actor (a person or Switchboard) and date range", async () => {
    await seed(w.acme.id, 12);
    const names = async (query: Record<string, string>) => (await entries(w.tokens.owner, query)).map((e) => e.target.name).reverse();
    expect(await names({ action: "page.updated" })).toEqual(["n0", "n3", "n6", "n9"]);
    expect(await names({ action: "page." })).toEqual(["n0", "n3", "n6", "n9"]);
    expect(await names({ action: "user.", actor: w.owner.id })).toEqual(["n1", "n5", "n7", "n11"]);
    expect(await names({ actor: "switchboard", action: "" })).toEqual(["n0", "n2", "n4", "n6", "n8", "n10"]);
    // Entries n4, n5 are at 02:00, n6, n7 at 03:00: from is included, to is not.
    expect(await names({ from: "2026-11-01T02:00:00Z", to: "2026-11-01T04:00:00Z" })).toEqual(["n4", "n5", "n6", "n7"]);
    const first = await audit(w.tokens.owner);
    expect((first.body as AuditPage).actors?.map((a) => a.name)).toEqual(["Adam Admin", "Ana Staff", "Olga Owner"]);
  });

  it("bad input is a 400 with a message that says what is wrong, never a 500", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ action: "user.exploded" }, /action must be an action like user.banned/],
      [{ action: "nope." }, /action must be/],
      [{ actor: "Olga" }, /actor must be a user id or switchboard/],
      [{ from: "yesterday" }, /from must be a date/],
      [{ from: "2026-12-02", to: "2026-12-01" }, /to must be after from/],
      [{ cursor: "not-a-cursor" }, /Invalid cursor/],
      [{ cursor: Buffer.from("99999999999999999:1").toString("base64url") }, /Invalid cursor/],
      [{ limit: "1000" }, /limit must be 1 to 100/],
    ];
    for (const [query, message] of cases) {
      const res = await audit(w.tokens.owner, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect((res.body as { message: string }).message, JSON.stringify(query)).toMatch(message);
    }
  });

  it("only company admins read it, and only their own company's", async () => {
    await seed(w.globex.id, 3);
    await seed(w.acme.id, 2);
    for (const token of [w.tokens.admin, w.tokens.staff, w.tokens.root]) expect((await audit(token)).status).toBe(403);
    expect((await audit("")).status).toBe(401);
    const own = await entries(w.tokens.owner);
    expect(own.map((e) => e.target.name)).toEqual(["n1", "n0"]);
    // The other company's actor list does not leak either.
    expect(JSON.stringify((await audit(w.tokens.globexOwner)).body)).not.toMatch(/Olga|Ana Staff|Adam/);
  });
});

describe("audit retention", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("deletes entries older than a year, batch after batch, as the registered daily job (clock fixed)", async () => {
    const now = Date.UTC(2027, 5, 15, 12);
    await seed(w.acme.id, 5, now - 367 * DAY_MS);
    await seed(w.acme.id, 2, now - 364 * DAY_MS);
    await seed(w.globex.id, 2, now - 10 * DAY_MS);
    expect(await pruneAuditEntries(new Date(now - 366 * DAY_MS), 2)).toBe(5);
    expect(await db.auditEntry.count()).toBe(4);

    await seed(w.globex.id, 3, now - 400 * DAY_MS);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    const job = findJob(JOBS.pruneAudit.name)!;
    const result = (await job.handle(job.schema.parse({}) as never, {} as Job)) as { deleted: number; before: string };
    expect(result).toEqual({ deleted: 3, before: new Date(now - 366 * DAY_MS).toISOString() });
    expect(await db.auditEntry.count()).toBe(4);
  });
});
