import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as notesRoute from "@/app/api/notes/route";
import * as noteRoute from "@/app/api/notes/[id]/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id, { name: "Sara Staff" });
  const colleague = await makeUser("staff", acme.id, { name: "Colin Colleague" });
  const admin = await makeUser("admin", acme.id, { name: "Adam Admin" });
  const owner = await makeUser("company_admin", acme.id, { name: "Olga Owner" });
  const outsider = await makeUser("staff", acme.id);
  const globexAdmin = await makeUser("company_admin", globex.id);
  const globexStaff = await makeUser("staff", globex.id);
  const shoes = await makePage(acme.id, [staff.id, colleague.id, admin.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [globexStaff.id], "Globex Page");
  const { conversation } = await makeConversation(shoes.id);
  const { conversation: other } = await makeConversation(shoes.id);
  const { conversation: outletConversation } = await makeConversation(outlet.id);
  const tokens = {
    staff: await tokenFor(staff), colleague: await tokenFor(colleague), admin: await tokenFor(admin), owner: await tokenFor(owner),
    outsider: await tokenFor(outsider), globexAdmin: await tokenFor(globexAdmin), globexStaff: await tokenFor(globexStaff),
  };
  return { staff, colleague, admin, owner, shoes, outlet, globexPage, conversation, other, outletConversation, tokens };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const ref = () => ({ pageId: w.shoes.id, conversationId: w.conversation.id });
const list = (token: string, query: Record<string, string> = ref()) => call(notesRoute.GET, "GET", "/api/notes", { token, query });
const create = (token: string, body: unknown) => call(notesRoute.POST, "POST", "/api/notes", { token, body });
const update = (token: string, id: string, body: unknown) => call(noteRoute.PUT, "PUT", `/api/notes/${id}`, { token, params: { id }, body });
const remove = (token: string, id: string) => call(noteRoute.DELETE, "DELETE", `/api/notes/${id}`, { token, params: { id } });

describe("POST and GET /api/notes", () => {
  it("adds trimmed notes for staff, admin and company_admin and lists them newest first with their authors", async () => {
    const first = await create(w.tokens.staff, { ...ref(), note: "  Called back  " });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      _id: expect.any(String), note: "Called back", created_at: expect.any(String), updated_at: expect.any(String),
      pageId: w.shoes.id, conversationId: w.conversation.id, author: { _id: w.staff.id, name: "Sara Staff" },
    });
    await create(w.tokens.admin, { ...ref(), note: "Second" });
    await create(w.tokens.owner, { pageId: w.shoes.facebookPageId, conversationId: w.conversation.id, note: "Third" });
    await create(w.tokens.staff, { pageId: w.shoes.id, conversationId: w.other.id, note: "Other conversation" });

    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const res = await list(token);
      expect(res.status).toBe(200);
      expect(res.body.map((n: { note: string }) => n.note)).toEqual(["Third", "Second", "Called back"]);
      expect(res.body.map((n: { author: { name: string } }) => n.author.name)).toEqual(["Olga Owner", "Adam Admin", "Sara Staff"]);
    }
    expect((await list(w.tokens.staff, { pageId: w.shoes.id, conversationId: w.other.id })).body).toHaveLength(1);
  });

  it("shows author null once the author's account is gone", async () => {
    const note = (await create(w.tokens.colleague, { ...ref(), note: "left" })).body;
    await db.user.delete({ where: { id: w.colleague.id } });
    expect((await list(w.tokens.staff)).body).toEqual([{ ...note, author: null }]);
  });

  it("answers 400 with the spec's texts", async () => {
    for (const note of [undefined, "", "   \n ", null, 42]) {
      const res = await create(w.tokens.staff, { ...ref(), note });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "Note is required", fields: { note: "Note is required" } });
    }
    const long = await create(w.tokens.staff, { ...ref(), note: "x".repeat(1001) });
    expect(long.body.fields.note).toBe("Note must be at most 1000 characters");
    expect((await create(w.tokens.staff, { ...ref(), note: ` ${"x".repeat(1000)} ` })).status).toBe(200);
    expect((await create(w.tokens.staff, { note: "hi" })).body.fields).toMatchObject({ pageId: "pageId is required", conversationId: "conversationId is required" });
    expect((await list(w.tokens.staff, { pageId: w.shoes.id })).body.fields.conversationId).toBe("conversationId is required");
    const json = await call(notesRoute.POST, "POST", "/api/notes", { token: w.tokens.staff, rawBody: '{"note":', headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
  });

  it("is 404 for other companies, unassigned staff, and a conversation not on the named page", async () => {
    await create(w.tokens.staff, { ...ref(), note: "secret" });
    expect((await list(w.tokens.globexAdmin)).status).toBe(404);
    expect((await list(w.tokens.globexStaff, { pageId: w.globexPage.id, conversationId: w.conversation.id })).status).toBe(404);
    expect((await list(w.tokens.outsider)).status).toBe(404);
    expect((await list(w.tokens.staff, { pageId: w.outlet.id, conversationId: w.conversation.id })).status).toBe(404);
    expect((await list(w.tokens.staff, { pageId: w.outlet.id, conversationId: w.outletConversation.id })).status).toBe(404);
    expect((await list(w.tokens.staff, { pageId: w.shoes.id, conversationId: "garbage" })).status).toBe(404);
    expect((await create(w.tokens.globexAdmin, { ...ref(), note: "x" })).status).toBe(404);
    expect((await create(w.tokens.outsider, { ...ref(), note: "x" })).status).toBe(404);
    expect((await call(notesRoute.GET, "GET", "/api/notes", { query: ref() })).status).toBe(401);
    expect(await db.note.count()).toBe(1);
  });
});

describe("PUT and DELETE /api/notes/{id}", () => {
  it("lets the author edit and delete their note", async () => {
    const note = (await create(w.tokens.staff, { ...ref(), note: "draft" })).body;
    const edited = await update(w.tokens.staff, note._id, { ...ref(), note: "  final  " });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ _id: note._id, note: "final", created_at: note.created_at, author: { _id: w.staff.id } });
    expect(edited.body.updated_at >= note.updated_at).toBe(true);
    expect(await remove(w.tokens.staff, note._id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await db.note.count()).toBe(0);
  });

  it("refuses (403) another staff member, but lets an admin and a company admin of the company", async () => {
    const note = (await create(w.tokens.staff, { ...ref(), note: "mine" })).body;
    expect((await update(w.tokens.colleague, note._id, { ...ref(), note: "hijack" })).status).toBe(403);
    expect((await remove(w.tokens.colleague, note._id)).status).toBe(403);
    expect((await db.note.findUniqueOrThrow({ where: { id: note._id } })).text).toBe("mine");

    expect((await update(w.tokens.admin, note._id, { ...ref(), note: "by admin" })).body.note).toBe("by admin");
    expect((await update(w.tokens.owner, note._id, { ...ref(), note: "by owner" })).body).toMatchObject({ note: "by owner", author: { _id: w.staff.id } });
    expect((await remove(w.tokens.admin, note._id)).status).toBe(200);
    const another = (await create(w.tokens.colleague, { ...ref(), note: "another" })).body;
    expect((await remove(w.tokens.owner, another._id)).status).toBe(200);
    expect(await db.note.count()).toBe(0);
  });

  it("is 404 for other companies' admins, unassigned staff, garbage ids, and ids under another conversation", async () => {
    const note = (await create(w.tokens.staff, { ...ref(), note: "mine" })).body;
    expect((await update(w.tokens.globexAdmin, note._id, { ...ref(), note: "x" })).status).toBe(404);
    expect((await remove(w.tokens.globexAdmin, note._id)).status).toBe(404);
    expect((await remove(w.tokens.outsider, note._id)).status).toBe(404);
    expect((await update(w.tokens.staff, note._id, { pageId: w.shoes.id, conversationId: w.other.id, note: "moved?" })).status).toBe(404);
    expect((await update(w.tokens.owner, note._id, { pageId: w.outlet.id, conversationId: w.conversation.id, note: "moved?" })).status).toBe(404);
    expect((await update(w.tokens.staff, "nope", { ...ref(), note: "x" })).status).toBe(404);
    expect((await remove(w.tokens.staff, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await db.note.findUniqueOrThrow({ where: { id: note._id } })).text).toBe("mine");
  });

  it("validates the edit body like the create body", async () => {
    const note = (await create(w.tokens.staff, { ...ref(), note: "mine" })).body;
    expect((await update(w.tokens.staff, note._id, { ...ref(), note: "  " })).body.fields.note).toBe("Note is required");
    expect((await update(w.tokens.staff, note._id, { ...ref(), note: "y".repeat(1001) })).body.error).toBe("Note must be at most 1000 characters");
  });
});
