import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as labelsRoute from "@/app/api/labels/route";
import * as labelRoute from "@/app/api/labels/[id]/route";
import * as assignRoute from "@/app/api/page-labels/assign/route";
import * as removeRoute from "@/app/api/page-labels/remove-tag/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { eventually, openSocket } from "./support/channel";
import { startRealServer } from "./support/real-server";

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const admin = await makeUser("admin", acme.id);
  const owner = await makeUser("company_admin", acme.id);
  const outsider = await makeUser("staff", acme.id); // same company, not assigned to Shoes
  const root = await makeUser("super_admin", null);
  const globexAdmin = await makeUser("company_admin", globex.id);
  const shoes = await makePage(acme.id, [staff.id, admin.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [], "Globex Page");
  const tokens = {
    staff: await tokenFor(staff), admin: await tokenFor(admin), owner: await tokenFor(owner), outsider: await tokenFor(outsider),
    root: await tokenFor(root), globexAdmin: await tokenFor(globexAdmin),
  };
  return { acme, globex, staff, admin, owner, shoes, outlet, globexPage, tokens };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const createLabel = (token: string, body: unknown) => call(labelsRoute.POST, "POST", "/api/labels", { token, body });
const listLabels = (token: string, pageId: string) => call(labelRoute.GET, "GET", `/api/labels/${pageId}`, { token, params: { id: pageId } });
const deleteLabel = (token: string, id: string) => call(labelRoute.DELETE, "DELETE", `/api/labels/${id}`, { token, params: { id } });
const assign = (token: string, body: unknown) => call(assignRoute.POST, "POST", "/api/page-labels/assign", { token, body });
const removeTag = (token: string, body: unknown) => call(removeRoute.POST, "POST", "/api/page-labels/remove-tag", { token, body });
const tagsOf = async (conversationId: string) =>
  (await db.customerTag.findMany({ where: { conversationId }, orderBy: { createdAt: "asc" } })).map((t) => ({ name: t.name, color: t.color, labelId: t.labelId }));

describe("POST /api/labels", () => {
  it("creates a label for staff, admin and company_admin with the trimmed name and default colour", async () => {
    for (const [role, token] of [["staff", w.tokens.staff], ["admin", w.tokens.admin], ["owner", w.tokens.owner]] as const) {
      const res = await createLabel(token, { name: `  ${role} label `, page_id: w.shoes.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ _id: expect.any(String), name: `${role} label`, color: "blue", page_id: w.shoes.id, created_at: expect.any(String) });
    }
    const red = await createLabel(w.tokens.staff, { name: "Urgent", color: "red", page_id: w.shoes.facebookPageId });
    expect(red.body).toMatchObject({ color: "red", page_id: w.shoes.id });
    const row = await db.label.findUniqueOrThrow({ where: { id: red.body._id } });
    expect(row.createdById).toBe(w.staff.id);
  });

  it("refuses a duplicate name on the page case-insensitively (409), but allows it on another page", async () => {
    expect((await createLabel(w.tokens.staff, { name: "VIP", page_id: w.shoes.id })).status).toBe(200);
    const dup = await createLabel(w.tokens.admin, { name: " vip ", color: "green", page_id: w.shoes.id });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("A label with this name already exists");
    expect((await createLabel(w.tokens.owner, { name: "vip", page_id: w.outlet.id })).status).toBe(200);
  });

  it("lets only one of two concurrent creates of the same name (any case) win", async () => {
    const results = await Promise.all(["Gold", "gold", "GOLD", "Gold"].map((name) => createLabel(w.tokens.staff, { name, page_id: w.shoes.id })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await db.label.count({ where: { pageId: w.shoes.id } })).toBe(1);
  });

  it("answers 400 with per-field texts for invalid bodies and malformed JSON", async () => {
    const blank = await createLabel(w.tokens.staff, { name: "   ", page_id: w.shoes.id });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: "Label name is required", fields: { name: "Label name is required" } });
    const long = await createLabel(w.tokens.staff, { name: "x".repeat(51), page_id: w.shoes.id });
    expect(long.body.fields.name).toBe("Label name must be at most 50 characters");
    const colour = await createLabel(w.tokens.staff, { name: "ok", color: "magenta", page_id: w.shoes.id });
    expect(colour.status).toBe(400);
    expect(colour.body.fields.color).toBe("Please choose one of the label colours");
    expect((await createLabel(w.tokens.staff, { name: 5, page_id: w.shoes.id })).body.fields.name).toBe("Label name is required");
    expect((await createLabel(w.tokens.staff, { name: "ok" })).body.fields.page_id).toBe("page_id is required");
    const json = await call(labelsRoute.POST, "POST", "/api/labels", { token: w.tokens.staff, rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe("Request body must be valid JSON");
    expect(await db.label.count()).toBe(0);
  });

  it("is scoped: unassigned pages and other companies' pages are 404; super_admin 403; no token 401", async () => {
    expect((await createLabel(w.tokens.outsider, { name: "x", page_id: w.shoes.id })).status).toBe(404);
    expect((await createLabel(w.tokens.staff, { name: "x", page_id: w.outlet.id })).status).toBe(404);
    expect((await createLabel(w.tokens.globexAdmin, { name: "x", page_id: w.shoes.id })).status).toBe(404);
    expect((await createLabel(w.tokens.globexAdmin, { name: "x", page_id: w.shoes.facebookPageId })).status).toBe(404);
    expect((await createLabel(w.tokens.owner, { name: "x", page_id: w.globexPage.id })).status).toBe(404);
    expect((await createLabel(w.tokens.owner, { name: "x", page_id: "not-a-page" })).status).toBe(404);
    expect((await createLabel(w.tokens.root, { name: "x", page_id: w.shoes.id })).status).toBe(403);
    expect((await call(labelsRoute.POST, "POST", "/api/labels", { body: { name: "x", page_id: w.shoes.id } })).status).toBe(401);
    expect(await db.label.count()).toBe(0);
  });
});

describe("GET /api/labels/{pageId}", () => {
  it("lists the page's labels sorted by name, for each inbox role, by our id or the Facebook id", async () => {
    for (const name of ["zeta", "Alpha", "beta", "Label 10", "Label 9"]) await createLabel(w.tokens.staff, { name, page_id: w.shoes.id });
    await createLabel(w.tokens.owner, { name: "elsewhere", page_id: w.outlet.id });
    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const res = await listLabels(token, w.shoes.id);
      expect(res.status).toBe(200);
      expect(res.body.map((l: { name: string }) => l.name)).toEqual(["Alpha", "beta", "Label 9", "Label 10", "zeta"]);
    }
    expect((await listLabels(w.tokens.staff, w.shoes.facebookPageId)).body).toHaveLength(5);
    expect((await listLabels(w.tokens.staff, w.shoes.id)).body[0]).toEqual({ _id: expect.any(String), name: "Alpha", color: "blue", page_id: w.shoes.id, created_at: expect.any(String) });
  });

  it("is 404 for another company's page and for pages the staff member is not assigned to", async () => {
    expect((await listLabels(w.tokens.globexAdmin, w.shoes.id)).status).toBe(404);
    expect((await listLabels(w.tokens.outsider, w.shoes.id)).status).toBe(404);
    expect((await listLabels(w.tokens.staff, w.outlet.id)).status).toBe(404);
    expect((await listLabels(w.tokens.root, w.shoes.id)).status).toBe(403);
  });
});

describe("DELETE /api/labels/{id}", () => {
  it("is admin and company_admin only: staff get 403 and the label stays", async () => {
    const label = (await createLabel(w.tokens.staff, { name: "VIP", page_id: w.shoes.id })).body;
    const res = await deleteLabel(w.tokens.staff, label._id);
    expect(res.status).toBe(403);
    expect(await db.label.count()).toBe(1);
    expect(await deleteLabel(w.tokens.admin, label._id)).toMatchObject({ status: 200, body: { success: true } });
    const other = (await createLabel(w.tokens.staff, { name: "Other", page_id: w.shoes.id })).body;
    expect(await deleteLabel(w.tokens.owner, other._id)).toMatchObject({ status: 200, body: { success: true } });
    expect(await db.label.count()).toBe(0);
  });

  it("takes the label off everyone: linked tags and same-name tags on that page, nothing elsewhere", async () => {
    const a = await makeConversation(w.shoes.id, { tags: ["vip"] }); // tagged by name before the label existed
    const b = await makeConversation(w.shoes.id);
    const elsewhere = await makeConversation(w.outlet.id, { tags: ["vip"] });
    const label = (await createLabel(w.tokens.staff, { name: "VIP", color: "red", page_id: w.shoes.id })).body;
    await assign(w.tokens.staff, { pageId: w.shoes.id, conversationId: b.conversation.id, tags: [{ tag: "VIP", color: "red" }, { tag: "keep" }] });
    expect(await tagsOf(b.conversation.id)).toEqual([{ name: "vip", color: "red", labelId: label._id }, { name: "keep", color: "blue", labelId: null }]);

    expect((await deleteLabel(w.tokens.admin, label._id)).status).toBe(200);
    expect(await tagsOf(a.conversation.id)).toEqual([]);
    expect((await tagsOf(b.conversation.id)).map((t) => t.name)).toEqual(["keep"]);
    expect((await tagsOf(elsewhere.conversation.id)).map((t) => t.name)).toEqual(["vip"]);
  });

  it("is 404 for another company's label, a label on a page the admin is not assigned to, and garbage ids", async () => {
    const label = (await createLabel(w.tokens.staff, { name: "VIP", page_id: w.shoes.id })).body;
    const outletLabel = (await createLabel(w.tokens.owner, { name: "VIP", page_id: w.outlet.id })).body;
    expect((await deleteLabel(w.tokens.globexAdmin, label._id)).status).toBe(404);
    expect((await deleteLabel(w.tokens.admin, outletLabel._id)).status).toBe(404);
    expect((await deleteLabel(w.tokens.admin, "nope")).status).toBe(404);
    expect((await deleteLabel(w.tokens.admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await db.label.count()).toBe(2);
  });
});

describe("POST /api/page-labels/assign and remove-tag", () => {
  it("assigns lowercased tags for each inbox role, idempotently, linking the page's label and its colour", async () => {
    const { conversation, customer } = await makeConversation(w.shoes.id);
    const label = (await createLabel(w.tokens.staff, { name: "VIP", color: "purple", page_id: w.shoes.id })).body;
    const ref = { senderId: customer.psid, pageId: w.shoes.id, conversationId: conversation.id };

    const first = await assign(w.tokens.staff, { ...ref, tags: [{ tag: "  VIP ", color: "blue" }, { tag: "Refund", color: "orange" }] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, tags: [{ tag: "vip", color: "purple" }, { tag: "refund", color: "orange" }] });
    expect((await tagsOf(conversation.id))[0]).toEqual({ name: "vip", color: "purple", labelId: label._id });

    // Again, in other cases and colours, by every inbox role: nothing changes.
    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const again = await assign(token, { ...ref, tags: [{ tag: "vip", color: "green" }, { tag: "REFUND", color: "red" }] });
      expect(again.body).toEqual(first.body);
    }
    expect(await db.customerTag.count()).toBe(2);

    const third = await assign(w.tokens.owner, { ...ref, pageId: w.shoes.facebookPageId, tags: [{ tag: "new" }] });
    expect(third.body.tags).toEqual([...first.body.tags, { tag: "new", color: "blue" }]);
  });

  it("removes a tag by its name in any case; removing an absent tag is a no-op", async () => {
    const { conversation, customer } = await makeConversation(w.shoes.id, { tags: ["vip", "refund"] });
    const ref = { senderId: customer.psid, pageId: w.shoes.id, conversationId: conversation.id };
    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const res = await removeTag(token, { ...ref, tagToRemove: " VIP " });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, tags: [{ tag: "refund", color: "blue" }] });
    }
    expect((await removeTag(w.tokens.staff, { pageId: w.shoes.id, conversationId: conversation.id, tagToRemove: "refund" })).body).toEqual({ success: true, tags: [] });
  });

  it("refuses a senderId that is not the conversation's customer (400) and invalid bodies with their texts", async () => {
    const { conversation } = await makeConversation(w.shoes.id);
    const ref = { pageId: w.shoes.id, conversationId: conversation.id };
    const wrong = await assign(w.tokens.staff, { ...ref, senderId: "999", tags: [{ tag: "vip" }] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("senderId does not match this conversation");
    expect((await removeTag(w.tokens.staff, { ...ref, senderId: "999", tagToRemove: "vip" })).status).toBe(400);
    expect((await assign(w.tokens.staff, { ...ref, tags: [] })).body.fields.tags).toBe("Choose at least one label to assign");
    expect((await assign(w.tokens.staff, { ...ref, tags: "vip" })).body.fields.tags).toBe("Choose at least one label to assign");
    expect((await assign(w.tokens.staff, { ...ref, tags: [{ tag: "  " }] })).body.fields["tags.0.tag"]).toBe("Tag is required");
    expect((await assign(w.tokens.staff, { ...ref, tags: [{ tag: "x".repeat(51) }] })).body.fields["tags.0.tag"]).toBe("Tag must be at most 50 characters");
    expect((await assign(w.tokens.staff, { ...ref, tags: [{ tag: "a", color: "plaid" }] })).body.fields["tags.0.color"]).toBe("Please choose one of the label colours");
    expect((await assign(w.tokens.staff, { pageId: w.shoes.id, tags: [{ tag: "a" }] })).body.fields.conversationId).toBe("conversationId is required");
    expect((await removeTag(w.tokens.staff, { ...ref })).body.fields.tagToRemove).toBe("Tag is required");
    expect(await db.customerTag.count()).toBe(0);
  });

  it("is 404 for other companies' conversations, unassigned staff, and a pageId that is not the conversation's", async () => {
    const { conversation } = await makeConversation(w.shoes.id, { tags: ["vip"] });
    const globexConversation = await makeConversation(w.globexPage.id);
    const body = { pageId: w.shoes.id, conversationId: conversation.id, tags: [{ tag: "x" }] };
    expect((await assign(w.tokens.globexAdmin, body)).status).toBe(404);
    expect((await assign(w.tokens.globexAdmin, { ...body, pageId: w.globexPage.id })).status).toBe(404);
    expect((await assign(w.tokens.outsider, body)).status).toBe(404);
    expect((await assign(w.tokens.owner, { ...body, pageId: w.outlet.id })).status).toBe(404);
    expect((await assign(w.tokens.owner, { pageId: w.globexPage.id, conversationId: globexConversation.conversation.id, tags: [{ tag: "x" }] })).status).toBe(404);
    expect((await removeTag(w.tokens.globexAdmin, { pageId: w.shoes.id, conversationId: conversation.id, tagToRemove: "vip" })).status).toBe(404);
    expect((await removeTag(w.tokens.staff, { pageId: w.shoes.id, conversationId: "garbage", tagToRemove: "vip" })).status).toBe(404);
    expect((await assign(w.tokens.root, body)).status).toBe(403);
    expect((await tagsOf(conversation.id)).map((t) => t.name)).toEqual(["vip"]);
  });
});

describe("realtime after tag changes", () => {
  const servers: Awaited<ReturnType<typeof startRealServer>>[] = [];
  afterEach(async () => {
    while (servers.length) await servers.pop()!.close();
  });

  it("emits conversation-updated with the list item to the page's room on assign, remove and label delete", async () => {
    const server = await startRealServer({ realtime: true });
    servers.push(server);
    const { conversation, customer } = await makeConversation(w.shoes.id);
    const watcher = await openSocket(server.url, w.tokens.staff);
    const stranger = await openSocket(server.url, w.tokens.globexAdmin);
    expect(await watcher.emit("join-page", { pageId: w.shoes.id })).toMatchObject({ ok: true });
    const updates = () => watcher.events.filter((e) => e.name === "conversation-updated").map((e) => e.payload as { conversationId: string; conversation: { tags: unknown[] } });

    const label = (await createLabel(w.tokens.staff, { name: "VIP", color: "red", page_id: w.shoes.id })).body;
    await assign(w.tokens.staff, { senderId: customer.psid, pageId: w.shoes.id, conversationId: conversation.id, tags: [{ tag: "vip" }, { tag: "refund" }] });
    await eventually(updates, (u) => u.length === 1);
    expect(updates()[0]).toMatchObject({ pageId: w.shoes.id, conversationId: conversation.id, conversation: { id: conversation.id, tags: [{ tag: "vip", color: "red" }, { tag: "refund", color: "blue" }] } });

    // An assign that changes nothing emits nothing; a removal and a label deletion each emit the new tags.
    await assign(w.tokens.staff, { pageId: w.shoes.id, conversationId: conversation.id, tags: [{ tag: "vip" }] });
    await removeTag(w.tokens.staff, { pageId: w.shoes.id, conversationId: conversation.id, tagToRemove: "refund" });
    await eventually(updates, (u) => u.length === 2);
    expect(updates()[1]!.conversation.tags).toEqual([{ tag: "vip", color: "red" }]);
    await deleteLabel(w.tokens.owner, label._id);
    await eventually(updates, (u) => u.length === 3);
    expect(updates()[2]!.conversation.tags).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(updates()).toHaveLength(3);
    expect(stranger.events).toEqual([]);
    watcher.close();
    stranger.close();
  });
});
