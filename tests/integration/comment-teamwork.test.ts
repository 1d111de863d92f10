import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as commentsRoute from "@/app/api/comments/route";
import * as commentNotesRoute from "@/app/api/comments/[id]/notes/route";
import * as commentNoteRoute from "@/app/api/comment-notes/[id]/route";
import * as commentLabelsRoute from "@/app/api/comments/[id]/labels/route";
import type { ApiComment, CommentsPage } from "@/lib/contract/comments-api";
import type { ApiCommentNote } from "@/lib/contract/comment-teamwork-api";
import { call } from "./support/http";
import { eventually, openSocket } from "./support/channel";
import { startAppServer } from "./support/app-server";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

// The team's layer on comments (issue 42 point 3, docs/PRODUCT.md §12): private notes on a comment (the rules
// of a conversation's notes), labels on the commenter (following them from one comment to the next), search
// in a Page's comments (text and name, `%` and `_` literal, never another Page's), each change live on the
// Page's room, and bad input answered with words.

let seq = 0;
async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id, { name: "Sara Staff" });
  const colleague = await makeUser("staff", acme.id, { name: "Colin Colleague" });
  const admin = await makeUser("admin", acme.id, { name: "Adam Admin" });
  const outsider = await makeUser("staff", acme.id);
  const globexStaff = await makeUser("staff", globex.id);
  const shoes = await makePage(acme.id, [staff.id, colleague.id, admin.id], "Shoes");
  const outlet = await makePage(acme.id, [staff.id], "Outlet");
  const globexPage = await makePage(globex.id, [globexStaff.id], "Globex Page");
  const tokens = { staff: await tokenFor(staff), colleague: await tokenFor(colleague), admin: await tokenFor(admin), outsider: await tokenFor(outsider), globexStaff: await tokenFor(globexStaff) };
  return { staff, colleague, admin, shoes, outlet, globexPage, tokens };
}

async function postOn(page: { id: string; facebookPageId: string }) {
  return db.post.create({ data: { pageId: page.id, channel: "messenger", externalId: `${page.facebookPageId}_${++seq}`, text: "New shoes in" } });
}

async function commentOn(post: { id: string; pageId: string }, fields: { authorId?: string; authorName?: string; text?: string; fromPage?: boolean; minutesAgo?: number } = {}) {
  return db.comment.create({
    data: {
      pageId: post.pageId, postId: post.id, channel: "messenger", externalId: `c_${++seq}`, authorId: fields.authorId ?? "5550001", authorName: fields.authorName ?? "Ada Lovelace",
      text: fields.text ?? "Do you ship to Lyon?", fromPage: fields.fromPage ?? false, createdTime: new Date(Date.now() - (fields.minutesAgo ?? 0) * 60_000),
    },
  });
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const notes = (token: string, id: string) => call(commentNotesRoute.GET, "GET", `/api/comments/${id}/notes`, { token, params: { id } });
const addNote = (token: string, id: string, body: unknown) => call(commentNotesRoute.POST, "POST", `/api/comments/${id}/notes`, { token, params: { id }, body });
const editNote = (token: string, id: string, body: unknown) => call(commentNoteRoute.PATCH, "PATCH", `/api/comment-notes/${id}`, { token, params: { id }, body });
const deleteNote = (token: string, id: string) => call(commentNoteRoute.DELETE, "DELETE", `/api/comment-notes/${id}`, { token, params: { id } });
const addLabel = (token: string, id: string, body: unknown) => call(commentLabelsRoute.POST, "POST", `/api/comments/${id}/labels`, { token, params: { id }, body });
const removeLabel = (token: string, id: string, name: string) => call(commentLabelsRoute.DELETE, "DELETE", `/api/comments/${id}/labels`, { token, params: { id }, query: { name } });
const comments = (token: string, query: Record<string, string>) => call(commentsRoute.GET, "GET", "/api/comments", { token, query });
const allComments = (page: CommentsPage) => page.posts.flatMap((p) => p.comments);
const find = (page: CommentsPage, id: string) => allComments(page).find((c) => c.id === id)!;

describe("notes on a comment", () => {
  it("adds, lists newest first, counts them on the comment, and lets the author edit and delete", async () => {
    const comment = await commentOn(await postOn(w.shoes));
    const first = await addNote(w.tokens.staff, comment.id, { text: "  Asked twice already  " });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String), commentId: comment.id, pageId: w.shoes.id, text: "Asked twice already", createdAt: expect.any(String), updatedAt: expect.any(String), author: { id: w.staff.id, name: "Sara Staff" },
    });
    await addNote(w.tokens.colleague, comment.id, { text: "Shipped on Monday" });
    const listed = await notes(w.tokens.admin, comment.id);
    expect(listed.body.map((n: ApiCommentNote) => n.text)).toEqual(["Shipped on Monday", "Asked twice already"]);
    expect(find((await comments(w.tokens.staff, { pageId: w.shoes.id })).body, comment.id).noteCount).toBe(2);

    const edited = await editNote(w.tokens.staff, first.body.id, { text: "Asked three times" });
    expect(edited.body).toMatchObject({ id: first.body.id, text: "Asked three times", createdAt: first.body.createdAt, author: { id: w.staff.id } });
    expect(await deleteNote(w.tokens.staff, first.body.id)).toMatchObject({ status: 200, body: { success: true } });
    expect((await notes(w.tokens.staff, comment.id)).body).toHaveLength(1);
  });

  it("refuses (403) editing or deleting someone else's note, but lets an admin", async () => {
    const comment = await commentOn(await postOn(w.shoes));
    const note = (await addNote(w.tokens.staff, comment.id, { text: "mine" })).body as ApiCommentNote;
    const hijack = await editNote(w.tokens.colleague, note.id, { text: "hijack" });
    expect(hijack).toMatchObject({ status: 403, body: { error: "Only the note's author or an admin can change it" } });
    expect((await deleteNote(w.tokens.colleague, note.id)).status).toBe(403);
    expect((await db.commentNote.findUniqueOrThrow({ where: { id: note.id } })).text).toBe("mine");
    expect((await editNote(w.tokens.admin, note.id, { text: "by admin" })).body).toMatchObject({ text: "by admin", author: { id: w.staff.id } });
    expect((await deleteNote(w.tokens.admin, note.id)).status).toBe(200);
  });

  it("is 404 for another company, an unassigned agent and garbage ids; 400 with words for bad text", async () => {
    const comment = await commentOn(await postOn(w.shoes));
    const note = (await addNote(w.tokens.staff, comment.id, { text: "secret" })).body as ApiCommentNote;
    expect((await notes(w.tokens.globexStaff, comment.id)).status).toBe(404);
    expect((await addNote(w.tokens.globexStaff, comment.id, { text: "x" })).status).toBe(404);
    expect((await editNote(w.tokens.globexStaff, note.id, { text: "x" })).status).toBe(404);
    expect((await deleteNote(w.tokens.outsider, note.id)).status).toBe(404);
    expect((await notes(w.tokens.staff, "garbage")).body).toMatchObject({ error: "Comment not found" });
    expect((await editNote(w.tokens.staff, "garbage", { text: "x" })).body).toMatchObject({ error: "Note not found" });
    for (const text of [undefined, "", "  \n ", null, 42]) {
      const res = await addNote(w.tokens.staff, comment.id, { text });
      expect(res).toMatchObject({ status: 400, body: { error: "Note is required", fields: { text: "Note is required" } } });
    }
    expect((await editNote(w.tokens.staff, note.id, { text: "y".repeat(1001) })).body).toMatchObject({ error: "Note must be at most 1000 characters" });
    expect(await db.commentNote.count()).toBe(1);
  });
});

describe("labels on the commenter", () => {
  it("follow the person across their comments on the Page, take the Page's label colour, and come off", async () => {
    const post = await postOn(w.shoes);
    const first = await commentOn(post, { minutesAgo: 5 });
    const second = await commentOn(await postOn(w.shoes), { text: "And to Paris?" });
    const someoneElse = await commentOn(post, { authorId: "5550002", authorName: "Grace Hopper" });
    await db.label.create({ data: { pageId: w.shoes.id, name: "VIP", color: "red" } });

    const added = await addLabel(w.tokens.staff, first.id, { name: "  VIP " });
    expect(added).toMatchObject({ status: 200, body: { labels: [{ name: "vip", color: "red" }] } });
    expect((await addLabel(w.tokens.staff, second.id, { name: "Wholesale" })).body.labels).toEqual([{ name: "vip", color: "red" }, { name: "wholesale", color: "blue" }]);
    // Adding one the person has changes nothing.
    expect((await addLabel(w.tokens.colleague, second.id, { name: "vip" })).body.labels).toHaveLength(2);

    const page = (await comments(w.tokens.staff, { pageId: w.shoes.id })).body as CommentsPage;
    expect(find(page, first.id).labels).toEqual([{ name: "vip", color: "red" }, { name: "wholesale", color: "blue" }]);
    expect(find(page, second.id).labels).toEqual(find(page, first.id).labels);
    expect(find(page, someoneElse.id).labels).toEqual([]);

    expect((await removeLabel(w.tokens.staff, second.id, "VIP")).body.labels).toEqual([{ name: "wholesale", color: "blue" }]);
    expect(find((await comments(w.tokens.staff, { pageId: w.shoes.id })).body, first.id).labels).toEqual([{ name: "wholesale", color: "blue" }]);
  });

  it("refuses another company (404), the Page's own reply (422), and bad names (400 with words)", async () => {
    const comment = await commentOn(await postOn(w.shoes));
    const reply = await commentOn(await postOn(w.shoes), { fromPage: true, authorId: w.shoes.facebookPageId, authorName: "Shoes" });
    expect((await addLabel(w.tokens.globexStaff, comment.id, { name: "vip" })).status).toBe(404);
    expect((await removeLabel(w.tokens.globexStaff, comment.id, "vip")).status).toBe(404);
    expect((await addLabel(w.tokens.outsider, comment.id, { name: "vip" })).status).toBe(404);
    expect(await addLabel(w.tokens.staff, reply.id, { name: "vip" })).toMatchObject({ status: 422, body: { error: "Labels go on the person who commented, not on the Page's own replies." } });
    expect(await addLabel(w.tokens.staff, comment.id, { name: "  " })).toMatchObject({ status: 400, body: { fields: { name: "Tag is required" } } });
    expect((await addLabel(w.tokens.staff, comment.id, { name: "x".repeat(51) })).body.fields.name).toBe("Tag must be at most 50 characters");
    expect((await addLabel(w.tokens.staff, comment.id, { name: "vip", color: "plaid" })).body.fields.color).toBe("Please choose one of the label colours");
    expect((await call(commentLabelsRoute.DELETE, "DELETE", `/api/comments/${comment.id}/labels`, { token: w.tokens.staff, params: { id: comment.id } })).status).toBe(400);
    expect(await db.commenterTag.count()).toBe(0);
  });
});

describe("search in a Page's comments", () => {
  it("finds text and commenter's name in any case, each under its post, escapes % and _, and never another Page's", async () => {
    const post = await postOn(w.shoes);
    const lyon = await commentOn(post, { text: "Do you ship to LYON?", minutesAgo: 3 });
    const grace = await commentOn(await postOn(w.shoes), { authorId: "5550002", authorName: "Grace Hopper", text: "Nice colours" });
    const percent = await commentOn(post, { text: "Is it 100% leather?", authorId: "5550003", authorName: "Alan" });
    const underscore = await commentOn(post, { text: "size_42 please", authorId: "5550004", authorName: "Edsger" });
    await commentOn(post, { text: "Lyonnaise question", fromPage: false, authorId: "5550005", authorName: "Other" });
    await commentOn(await postOn(w.outlet), { text: "ship to lyon from the outlet" });
    await commentOn(await postOn(w.globexPage), { text: "ship to lyon from globex", authorName: "Grace Hopper" });

    const byText = (await comments(w.tokens.staff, { pageId: w.shoes.id, q: "ship to lyon" })).body as CommentsPage;
    expect(allComments(byText).map((c) => c.id)).toEqual([lyon.id]);
    expect(byText.posts.map((p) => p.id)).toEqual([post.id]);
    const byName = (await comments(w.tokens.staff, { pageId: w.shoes.id, q: "grace" })).body as CommentsPage;
    expect(allComments(byName).map((c: ApiComment) => c.id)).toEqual([grace.id]);
    expect(allComments((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "100%" })).body).map((c: ApiComment) => c.id)).toEqual([percent.id]);
    // `%` alone and `_` alone are themselves, not wildcards.
    expect(allComments((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "%" })).body).map((c: ApiComment) => c.id)).toEqual([percent.id]);
    expect(allComments((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "_" })).body).map((c: ApiComment) => c.id)).toEqual([underscore.id]);
    expect(allComments((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "is_it" })).body)).toEqual([]);
    expect((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "nothing like it" })).body).toEqual({ posts: [], nextCursor: null });
    // Another company's Page cannot be searched, and its comments never come with ours.
    expect((await comments(w.tokens.staff, { pageId: w.globexPage.id, q: "lyon" })).status).toBe(404);
    expect((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "globex" })).body.posts).toEqual([]);
    // A blank search is the normal view; a long one is refused with words.
    expect((await comments(w.tokens.staff, { pageId: w.shoes.id, q: "   " })).body.posts).toHaveLength(2);
    expect(await comments(w.tokens.staff, { pageId: w.shoes.id, q: "x".repeat(201) })).toMatchObject({ status: 400, body: { fields: { q: "Search can be at most 200 characters" } } });
  });
});

describe("live on the Page's room", () => {
  const servers: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    while (servers.length) await servers.pop()!.close();
  });

  it("tells the other agents of a note and of a commenter's labels", async () => {
    const server = await startAppServer({});
    servers.push(server);
    const comment = await commentOn(await postOn(w.shoes));
    const watcher = await openSocket(server.url, w.tokens.colleague);
    const stranger = await openSocket(server.url, w.tokens.globexStaff);
    expect(await watcher.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: true });
    expect(await stranger.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: false });

    const note = (await addNote(w.tokens.staff, comment.id, { text: "Called her" })).body as ApiCommentNote;
    const noted = await eventually(() => watcher.events.find((e) => e.name === "comment-notes"), Boolean);
    expect(noted?.payload).toMatchObject({ pageId: w.shoes.id, commentId: comment.id, noteCount: 1, change: "added", note: { id: note.id, text: "Called her" } });

    await addLabel(w.tokens.staff, comment.id, { name: "vip" });
    const labelled = await eventually(() => watcher.events.find((e) => e.name === "commenter-labels"), Boolean);
    expect(labelled?.payload).toMatchObject({ pageId: w.shoes.id, kind: "fb_comment", authorId: "5550001", labels: [{ name: "vip", color: "blue" }] });
    expect(stranger.events.filter((e) => e.name === "comment-notes" || e.name === "commenter-labels")).toEqual([]);
    watcher.close();
    stranger.close();
  });
});
