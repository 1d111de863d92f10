import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as assignRoute from "@/app/api/comments/[id]/assign/route";
import * as statusRoute from "@/app/api/comments/[id]/status/route";
import * as markReadRoute from "@/app/api/comments/mark-read/route";
import * as listRoute from "@/app/api/comments/route";
import * as pagesMeRoute from "@/app/api/pages/me/route";
import type { ApiComment, CommentsPage } from "@/lib/contract/comments-api";
import { wakeSnoozedComments } from "@/workers/comments/wake-snoozed-comments";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { startRealServer, type RealServer } from "./support/real-server";

// The team's work on customers' comments (issue 42 point 3, docs/PRODUCT.md §12): assign as conversations are
// (who may assign whom), done / snooze / reopen with the conversations' words, a snooze's end by the worker's
// sweep, unread (seen_at) with the Page tabs' counts and mark-read, the views of GET /api/comments, and each
// change live as `comment-updated`. Another company's staff, and staff of another Page, reach none of it (404).

let seq = 0;
async function buildWorld() {
  const acme = await makeCompany("Acme");
  const ann = await makeUser("staff", acme.id, { name: "Ann Agent" });
  const bob = await makeUser("staff", acme.id, { name: "Bob Agent" });
  const stranger = await makeUser("staff", acme.id, { name: "Sid Elsewhere" });
  const admin = await makeUser("admin", acme.id, { name: "Ada Admin" });
  const shoes = await makePage(acme.id, [ann.id, bob.id, admin.id], "Shoes");
  await makePage(acme.id, [stranger.id], "Outlet");
  const other = await makeCompany("Other");
  const foreigner = await makeUser("company_admin", other.id, { name: "Fay Foreign" });
  const foreignPage = await makePage(other.id, [], "Foreign");
  const post = await db.post.create({ data: { pageId: shoes.id, channel: "messenger", externalId: `${shoes.facebookPageId}_1`, text: "Trail runners", lastCommentAt: new Date() } });
  const foreignPost = await db.post.create({ data: { pageId: foreignPage.id, channel: "messenger", externalId: `${foreignPage.facebookPageId}_1`, text: "Theirs" } });
  return {
    ann, bob, stranger, admin, foreigner, shoes, foreignPage, post, foreignPost,
    tokens: { ann: await tokenFor(ann), bob: await tokenFor(bob), stranger: await tokenFor(stranger), admin: await tokenFor(admin), foreigner: await tokenFor(foreigner) },
  };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

type CommentFields = { fromPage?: boolean; parent?: string; removed?: boolean; status?: "open" | "done" | "snoozed"; seen?: boolean; assigneeId?: string; snoozedUntil?: Date; minute?: number };
async function comment(text: string, o: CommentFields = {}, post = w.post) {
  seq++;
  return db.comment.create({
    data: {
      pageId: post.pageId, postId: post.id, channel: "messenger", externalId: `c_${seq}_${Date.now()}`, parentExternalId: o.parent ?? null,
      authorId: o.fromPage ? "page" : `55500${seq}`, authorName: o.fromPage ? "Shoes" : `Person ${seq}`, fromPage: o.fromPage ?? false, text,
      createdTime: new Date(Date.now() - 60_000 + (o.minute ?? seq) * 100), removedAt: o.removed ? new Date() : null, status: o.status ?? "open",
      seenAt: o.seen ? new Date() : null, assigneeId: o.assigneeId ?? null, snoozedUntil: o.snoozedUntil ?? null,
    },
  });
}

const assign = (token: string, id: string, body: unknown) => call(assignRoute.POST, "POST", `/api/comments/${id}/assign`, { token, params: { id }, body });
const status = (token: string, id: string, body: unknown) => call(statusRoute.POST, "POST", `/api/comments/${id}/status`, { token, params: { id }, body });
const markRead = (token: string, body: unknown) => call(markReadRoute.POST, "POST", "/api/comments/mark-read", { token, body });
const list = (token: string, query: Record<string, string>) => call(listRoute.GET, "GET", "/api/comments", { token, query: { pageId: w.shoes.id, ...query } });
const unreadOf = async (token: string) => ((await call(pagesMeRoute.GET, "GET", "/api/pages/me", { token })).body.pages as { id: string; commentUnreadCount: number; unreadCount: number }[]).find((p) => p.id === w.shoes.id)?.commentUnreadCount;

describe("POST /api/comments/{id}/assign", () => {
  it("any agent of the Page takes an unassigned comment or gives back their own; others get 409 with words", async () => {
    const c = await comment("Do you ship to Lyon?");
    const taken = await assign(w.tokens.ann, c.id, { assigneeId: w.ann.id });
    expect(taken.status).toBe(200);
    expect(taken.body.comment).toMatchObject({ id: c.id, assignee: { id: w.ann.id, name: "Ann Agent" }, status: "open" });
    const steal = await assign(w.tokens.bob, c.id, { assigneeId: w.bob.id });
    expect(steal.status).toBe(409);
    expect(steal.body.message).toBe("This comment is assigned to someone else; an admin can reassign it");
    expect((await assign(w.tokens.bob, c.id, { assigneeId: null })).status).toBe(409);
    const other = await comment("And to Nice?");
    const forOthers = await assign(w.tokens.ann, other.id, { assigneeId: w.bob.id });
    expect(forOthers.status).toBe(409);
    expect(forOthers.body.message).toBe("You can assign a comment only to yourself");
    expect((await assign(w.tokens.ann, c.id, { assigneeId: null })).body.comment.assignee).toBeNull();
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).assigneeId).toBeNull();
  });

  it("admins reassign, but only to people who answer the Page", async () => {
    const c = await comment("Size 41?", { assigneeId: w.ann.id });
    expect((await assign(w.tokens.admin, c.id, { assigneeId: w.bob.id })).body.comment.assignee).toEqual({ id: w.bob.id, name: "Bob Agent" });
    const nobody = await assign(w.tokens.admin, c.id, { assigneeId: w.stranger.id });
    expect(nobody.status).toBe(400);
    expect(nobody.body.message).toBe("That person does not answer this page");
    expect((await assign(w.tokens.admin, c.id, { assigneeId: "not-a-user" })).status).toBe(400);
  });

  it("refuses the Page's own replies and removed comments (422), bad bodies (400), other Pages and companies (404)", async () => {
    const reply = await comment("Yes we do", { fromPage: true });
    const own = await assign(w.tokens.ann, reply.id, { assigneeId: w.ann.id });
    expect(own.status).toBe(422);
    expect(own.body.message).toMatch(/Only a customer's comment/);
    const removed = await comment("gone", { removed: true });
    expect((await assign(w.tokens.ann, removed.id, { assigneeId: w.ann.id })).body.message).toBe("This comment was removed on Facebook.");
    const c = await comment("Hello");
    const bad = await assign(w.tokens.ann, c.id, { assigneeId: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/assigneeId must be a user id or null/);
    expect((await assign(w.tokens.stranger, c.id, { assigneeId: w.stranger.id })).status).toBe(404);
    expect((await assign(w.tokens.foreigner, c.id, { assigneeId: null })).status).toBe(404);
    expect((await assign(w.tokens.ann, "00000000-0000-4000-8000-000000000000", { assigneeId: null })).status).toBe(404);
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).assigneeId).toBeNull();
  });
});

describe("POST /api/comments/{id}/status", () => {
  it("marks done, snoozes until a time and reopens, with the conversations' words for bad input", async () => {
    const c = await comment("Where is my order?");
    expect((await status(w.tokens.ann, c.id, { status: "done" })).body.comment).toMatchObject({ status: "done", snoozedUntil: null });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await status(w.tokens.ann, c.id, { status: "snoozed", snoozedUntil: until });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.comment).toMatchObject({ status: "snoozed", snoozedUntil: until });
    expect((await status(w.tokens.ann, c.id, { status: "open" })).body.comment).toMatchObject({ status: "open", snoozedUntil: null });

    const words = async (body: unknown) => {
      const res = await status(w.tokens.ann, c.id, body);
      expect(res.status).toBe(400);
      return res.body.message as string;
    };
    expect(await words({ status: "closed" })).toMatch(/status must be open, done or snoozed/);
    expect(await words({ status: "snoozed" })).toMatch(/snoozedUntil is required to snooze a comment/);
    expect(await words({ status: "snoozed", snoozedUntil: new Date(Date.now() - 60_000).toISOString() })).toMatch(/snoozedUntil must be in the future/);
    expect(await words({ status: "done", snoozedUntil: until })).toMatch(/snoozedUntil goes only with status snoozed/);
    expect(await words({ status: "snoozed", snoozedUntil: "tomorrow" })).toMatch(/snoozedUntil must be an ISO date-time/);
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("open");
  });

  it("is refused for other Pages, other companies (404) and the Page's own replies (422)", async () => {
    const c = await comment("Hi");
    expect((await status(w.tokens.stranger, c.id, { status: "done" })).status).toBe(404);
    expect((await status(w.tokens.foreigner, c.id, { status: "done" })).status).toBe(404);
    const reply = await comment("Hello from the Page", { fromPage: true });
    expect((await status(w.tokens.ann, reply.id, { status: "done" })).status).toBe(422);
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).status).toBe("open");
  });

  it("a snooze ends at its time: the worker's sweep opens what is due and leaves the rest", async () => {
    const due = await comment("due", { status: "snoozed", snoozedUntil: new Date(Date.now() - 1000) });
    const later = await comment("later", { status: "snoozed", snoozedUntil: new Date(Date.now() + 3_600_000) });
    expect(await wakeSnoozedComments()).toBe(1);
    expect(await db.comment.findUniqueOrThrow({ where: { id: due.id } })).toMatchObject({ status: "open", snoozedUntil: null });
    expect((await db.comment.findUniqueOrThrow({ where: { id: later.id } })).status).toBe("snoozed");
    expect(await wakeSnoozedComments()).toBe(0);
  });
});

describe("unread comments", () => {
  it("count in the Page's tab: open customers' comments nobody saw, not the Page's, removed, done or seen ones", async () => {
    const a = await comment("one");
    const b = await comment("two");
    await comment("three");
    await comment("reply", { fromPage: true });
    await comment("removed", { removed: true });
    await comment("done", { status: "done" });
    await comment("seen", { seen: true });
    await comment("theirs", {}, w.foreignPost);
    expect(await unreadOf(w.tokens.ann)).toBe(3);

    const res = await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: [a.id, b.id, a.id, "not-a-uuid"] });
    expect(res.status).toBe(200);
    expect(res.body.unread).toBe(1);
    expect((res.body.comments as ApiComment[]).map((c) => [c.id, c.seen]).sort()).toEqual([[a.id, true], [b.id, true]].sort());
    expect(await unreadOf(w.tokens.bob)).toBe(1);
    // Again: nothing left to change.
    expect((await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: [a.id] })).body.comments).toEqual([]);
  });

  it("mark-read touches only the Page's comments, and refuses other Pages, other companies and bad lists", async () => {
    const mine = await comment("mine");
    const theirs = await comment("theirs", {}, w.foreignPost);
    // A comment of another company's Page named under our Page: passed over.
    expect((await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: [theirs.id] })).body.comments).toEqual([]);
    expect((await db.comment.findUniqueOrThrow({ where: { id: theirs.id } })).seenAt).toBeNull();
    expect((await markRead(w.tokens.ann, { pageId: w.foreignPage.id, commentIds: [theirs.id] })).status).toBe(404);
    expect((await markRead(w.tokens.stranger, { pageId: w.shoes.id, commentIds: [mine.id] })).status).toBe(404);
    expect((await markRead(w.tokens.foreigner, { pageId: w.shoes.id, commentIds: [mine.id] })).status).toBe(404);
    const tooMany = await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: Array.from({ length: 201 }, () => mine.id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/At most 200 comments at once/);
    expect((await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: [] })).body.message).toMatch(/commentIds must list at least one comment/);
    expect((await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: "all" })).status).toBe(400);
    expect((await db.comment.findUniqueOrThrow({ where: { id: mine.id } })).seenAt).toBeNull();
  });
});

describe("GET /api/comments?view=", () => {
  it("shows the posts with a comment in the view, with those comments and the Page's replies to them", async () => {
    const open = await comment("open one");
    const answer = await comment("answer", { fromPage: true, parent: open.externalId });
    const mine = await comment("mine", { assigneeId: w.ann.id });
    const done = await comment("done one", { status: "done" });
    await comment("answer to done", { fromPage: true, parent: done.externalId });
    await comment("removed", { removed: true });
    const snoozed = await comment("later", { status: "snoozed", snoozedUntil: new Date(Date.now() + 3_600_000) });
    const donePost = await db.post.create({ data: { pageId: w.shoes.id, channel: "messenger", externalId: `${w.shoes.facebookPageId}_2`, lastCommentAt: new Date(Date.now() - 3_600_000) } });
    const onlyDone = await comment("all done here", { status: "done" }, donePost);

    const ids = async (view: string) => {
      const res = await list(w.tokens.ann, { view });
      expect(res.status).toBe(200);
      return (res.body as CommentsPage).posts.map((p) => [p.id, p.comments.map((c) => c.id)]);
    };
    expect(await ids("open")).toEqual([[w.post.id, [open.id, answer.id, mine.id]]]);
    expect(await ids("mine")).toEqual([[w.post.id, [mine.id]]]);
    expect(await ids("unassigned")).toEqual([[w.post.id, [open.id, answer.id]]]);
    expect((await ids("done")).map(([post]) => post)).toEqual([w.post.id, donePost.id]);
    expect((await ids("done"))[1]).toEqual([donePost.id, [onlyDone.id]]);
    expect(await ids("snoozed")).toEqual([[w.post.id, [snoozed.id]]]);
    // Without a view, every comment, as before.
    expect(((await list(w.tokens.ann, {})).body as CommentsPage).posts.flatMap((p) => p.comments).length).toBe(8);
    const bad = await list(w.tokens.ann, { view: "all-of-it" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/view must be open, mine, unassigned, done or snoozed/);
    expect((await list(w.tokens.stranger, { view: "open" })).status).toBe(404);
    expect((await list(w.tokens.foreigner, { view: "open" })).status).toBe(404);
  });

  it("pages 20 posts at a time by a cursor", async () => {
    const posts = [];
    for (let i = 0; i < 23; i++) {
      const post = await db.post.create({ data: { pageId: w.shoes.id, channel: "messenger", externalId: `${w.shoes.facebookPageId}_p${i}`, lastCommentAt: new Date(Date.now() - i * 60_000) } });
      await comment(`on ${i}`, {}, post);
      posts.push(post.id);
    }
    const first = (await list(w.tokens.ann, { view: "open" })).body as CommentsPage;
    expect(first.posts.map((p) => p.id)).toEqual(posts.slice(0, 20));
    const second = (await list(w.tokens.ann, { view: "open", cursor: first.nextCursor! })).body as CommentsPage;
    expect(second.posts.map((p) => p.id)).toEqual(posts.slice(20));
    expect(second.nextCursor).toBeNull();
  });
});

describe("live", () => {
  let server: RealServer;
  beforeEach(async () => {
    server = await startRealServer({ realtime: true });
  });
  afterEach(async () => {
    await server.close();
  });

  it("every change reaches the Page's agents as comment-updated, with its assignee, status, snooze and seen", async () => {
    const c = await comment("Live one");
    const socket = await openSocket(server.url, w.tokens.bob);
    expect(await socket.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: true });
    const updates = () => socket.events.filter((e) => e.name === "comment-updated").map((e) => (e.payload as { comment: ApiComment }).comment);
    await assign(w.tokens.ann, c.id, { assigneeId: w.ann.id });
    await status(w.tokens.ann, c.id, { status: "done" });
    await markRead(w.tokens.ann, { pageId: w.shoes.id, commentIds: [c.id] });
    const seen = await eventually(updates, (list) => list.length === 3);
    expect(seen.map((u) => [u.assignee?.name ?? null, u.status, u.seen])).toEqual([
      ["Ann Agent", "open", false],
      ["Ann Agent", "done", false],
      ["Ann Agent", "done", true],
    ]);
    await db.comment.update({ where: { id: c.id }, data: { status: "snoozed", snoozedUntil: new Date(Date.now() - 1000) } });
    await wakeSnoozedComments();
    expect((await eventually(updates, (list) => list.length === 4)).at(-1)).toMatchObject({ id: c.id, status: "open", snoozedUntil: null });
    socket.close();
  });
});
