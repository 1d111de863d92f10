import { beforeEach, describe, expect, it } from "vitest";
import type { Role } from "@/lib/access/roles";
import { db } from "@/server/db";
import * as statsRoute from "@/app/api/dashboard/stats/route";
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
  const shoes = await makePage(acme.id, [admin.id, staff.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [], "Globex Page");
  // Shoes: 4 conversations (2 important, 1 spam); Outlet: 2 (1 important + spam); Globex: 3 plain.
  await makeConversation(shoes.id, { important: true });
  await makeConversation(shoes.id, { important: true });
  await makeConversation(shoes.id, { spam: true });
  await makeConversation(shoes.id);
  await makeConversation(outlet.id, { important: true, spam: true });
  await makeConversation(outlet.id);
  for (let i = 0; i < 3; i++) await makeConversation(globexPage.id);
  const tokens = { root: await tokenFor(root), owner: await tokenFor(owner), admin: await tokenFor(admin), staff: await tokenFor(staff), globexOwner: await tokenFor(globexOwner) };
  return { acme, globex, shoes, outlet, globexPage, tokens };
}

let w: World;
beforeEach(async () => {
  w = await buildWorld();
});

const stats = (token: string, query: Record<string, string> = {}) => call(statsRoute.GET, "GET", "/api/dashboard/stats", { token, query });

describe("GET /api/dashboard/stats", () => {
  const ROLES: Role[] = ["super_admin", "company_admin", "admin", "staff"];
  it.each(ROLES)("as %s", async (role) => {
    const token = { super_admin: w.tokens.root, company_admin: w.tokens.owner, admin: w.tokens.admin, staff: w.tokens.staff }[role];
    expect((await stats(token)).status).toBe(role === "staff" ? 403 : 200);
  });

  it("without a token → 401", async () => {
    expect((await stats("")).status).toBe(401);
  });

  it("a company admin: every company page, or one; with the dropdown's pages and the time", async () => {
    const before = Date.now();
    const all = await stats(w.tokens.owner);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({
      total: 6,
      important: 3,
      spam: 2,
      byChannel: { messenger: { total: 6, important: 3, spam: 2 }, instagram: { total: 0, important: 0, spam: 0 } },
      comments: { fb_comment: { commenters: 0, unanswered: 0 }, ig_comment: { commenters: 0, unanswered: 0 } },
      pages: [
        { _id: w.outlet.id, name: "Outlet" },
        { _id: w.shoes.id, name: "Shoes" },
      ],
      updatedAt: expect.any(String),
    });
    expect(Date.parse(all.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000);

    expect(await stats(w.tokens.owner, { pageId: w.shoes.id })).toMatchObject({ body: { total: 4, important: 2, spam: 1 } });
    expect(await stats(w.tokens.owner, { pageId: w.outlet.facebookPageId })).toMatchObject({ body: { total: 2, important: 1, spam: 1 } });
    expect(await stats(w.tokens.owner, { pageId: "all" })).toMatchObject({ body: { total: 6 } });
  });

  it("splits the counts by channel; the totals add both up", async () => {
    await makeConversation(w.shoes.id, { channel: "instagram", important: true });
    await makeConversation(w.shoes.id, { channel: "instagram", spam: true });
    const shoes = await stats(w.tokens.owner, { pageId: w.shoes.id });
    expect(shoes.body).toMatchObject({
      total: 6,
      important: 3,
      spam: 2,
      byChannel: { messenger: { total: 4, important: 2, spam: 1 }, instagram: { total: 2, important: 1, spam: 1 } },
    });
    expect((await stats(w.tokens.admin)).body.byChannel.instagram).toEqual({ total: 2, important: 1, spam: 1 });
  });

  it("an admin counts the pages they answer", async () => {
    const res = await stats(w.tokens.admin);
    expect(res.body).toMatchObject({ total: 4, important: 2, spam: 1, pages: [{ _id: w.shoes.id, name: "Shoes" }] });
    expect((await stats(w.tokens.admin, { pageId: w.outlet.id })).status).toBe(404);
  });

  it("another company's page is 404; the super admin sees every company", async () => {
    expect((await stats(w.tokens.globexOwner, { pageId: w.shoes.id })).status).toBe(404);
    expect((await stats(w.tokens.owner, { pageId: w.globexPage.id })).status).toBe(404);
    expect((await stats(w.tokens.globexOwner)).body).toMatchObject({ total: 3, important: 0, spam: 0, pages: [{ _id: w.globexPage.id }] });
    expect((await stats(w.tokens.root)).body).toMatchObject({ total: 9, important: 3, spam: 2 });
    expect((await stats(w.tokens.root)).body.pages).toHaveLength(3);
  });

  it("a garbage or over-long pageId is a 4xx, never a 500", async () => {
    expect((await stats(w.tokens.owner, { pageId: "'; drop table pages; --" })).status).toBe(404);
    expect((await stats(w.tokens.owner, { pageId: "9".repeat(500) })).status).toBe(400);
  });

  it("counts the people who commented and the comments awaiting an answer, per place (fb_comment, ig_comment)", async () => {
    const post = (pageId: string, channel: "messenger" | "instagram", externalId: string) => db.post.create({ data: { pageId, channel, externalId } });
    const fb = await post(w.shoes.id, "messenger", "p1");
    const ig = await post(w.shoes.id, "instagram", "m1");
    const other = await post(w.globexPage.id, "messenger", "g1");
    let n = 0;
    const comment = (p: { id: string; pageId: string; channel: "messenger" | "instagram" }, authorId: string, extra: object = {}) =>
      db.comment.create({ data: { pageId: p.pageId, postId: p.id, channel: p.channel, externalId: `c${++n}`, authorId, authorName: authorId, createdTime: new Date(), ...extra } });
    await comment(fb, "ann"); // waits
    await comment(fb, "ann", { answeredAt: new Date() }); // the same person again, answered
    await comment(fb, "bob", { removedAt: new Date() }); // removed: not counted
    await comment(fb, "page", { fromPage: true }); // the Page's own answer: not a customer
    await comment(ig, "cat"); // waits
    await comment(other, "dan"); // another company's
    const expected = { fb_comment: { commenters: 1, unanswered: 1 }, ig_comment: { commenters: 1, unanswered: 1 } };
    expect((await stats(w.tokens.owner)).body.comments).toEqual(expected);
    expect((await stats(w.tokens.admin, { pageId: w.shoes.id })).body.comments).toEqual(expected);
    expect((await stats(w.tokens.owner, { pageId: w.outlet.id })).body.comments).toEqual({ fb_comment: { commenters: 0, unanswered: 0 }, ig_comment: { commenters: 0, unanswered: 0 } });
    expect((await stats(w.tokens.globexOwner)).body.comments.fb_comment).toEqual({ commenters: 1, unanswered: 1 });
  });
});
