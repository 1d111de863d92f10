import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as assignRoute from "@/app/api/conversations/assign/route";
import * as listRoute from "@/app/api/conversations/[pageId]/route";
import * as agentsRoute from "@/app/api/inbox/agents/route";
import * as settingsRoute from "@/app/api/inbox/settings/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

// Conversation ownership (beyond the spec): who may assign whom, the Mine / Unassigned filters, the agents
// list and the per-page auto-assign setting.

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const ann = await makeUser("staff", acme.id, { name: "Ann Agent" });
  const bob = await makeUser("staff", acme.id, { name: "Bob Agent" });
  const stranger = await makeUser("staff", acme.id, { name: "Sid Elsewhere" });
  const admin = await makeUser("admin", acme.id, { name: "Ada Admin" });
  const owner = await makeUser("company_admin", acme.id, { name: "Olga Owner" });
  const shoes = await makePage(acme.id, [ann.id, bob.id, admin.id], "Shoes");
  await makePage(acme.id, [stranger.id], "Outlet");
  const { conversation } = await makeConversation(shoes.id, { name: "Carla Customer" });
  return {
    ann, bob, stranger, admin, owner, shoes, conversation,
    tokens: { ann: await tokenFor(ann), bob: await tokenFor(bob), stranger: await tokenFor(stranger), admin: await tokenFor(admin), owner: await tokenFor(owner) },
  };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const assign = (token: string, assigneeId: string | null, conversationId = w.conversation.id) =>
  call(assignRoute.POST, "POST", "/api/conversations/assign", { token, body: { conversationId, pageId: w.shoes.id, assigneeId } });
const list = (token: string, query: Record<string, string> = {}) => call(listRoute.GET, "GET", `/api/conversations/${w.shoes.id}`, { token, params: { pageId: w.shoes.id }, query });

describe("POST /api/conversations/assign", () => {
  it("any agent of the page takes an unassigned conversation; the list item carries the assignee", async () => {
    const res = await assign(w.tokens.ann, w.ann.id);
    expect(res.status).toBe(200);
    expect(res.body.conversation.assignee).toEqual({ _id: w.ann.id, name: "Ann Agent" });
    expect((await list(w.tokens.bob)).body.data[0].assignee).toEqual({ _id: w.ann.id, name: "Ann Agent" });
  });

  it("staff may not take someone else's conversation nor assign others (409, not a session-ending 403)", async () => {
    expect((await assign(w.tokens.ann, w.bob.id)).status).toBe(409);
    await assign(w.tokens.ann, w.ann.id);
    const steal = await assign(w.tokens.bob, w.bob.id);
    expect(steal.status).toBe(409);
    expect(steal.body.message).toMatch(/assigned to someone else/);
    expect((await assign(w.tokens.bob, null)).status).toBe(409);
    // The owner may give it back.
    expect((await assign(w.tokens.ann, null)).body.conversation.assignee).toBeNull();
  });

  it("admins and company admins reassign, but only to people who answer the page", async () => {
    await assign(w.tokens.ann, w.ann.id);
    expect((await assign(w.tokens.admin, w.bob.id)).body.conversation.assignee._id).toBe(w.bob.id);
    expect((await assign(w.tokens.owner, w.owner.id)).body.conversation.assignee._id).toBe(w.owner.id);
    const outsider = await assign(w.tokens.owner, w.stranger.id);
    expect(outsider.status).toBe(400);
    expect(outsider.body.fields.assigneeId).toBe("That person does not answer this page");
    expect((await assign(w.tokens.owner, null)).body.conversation.assignee).toBeNull();
  });

  it("an agent without the page gets 404", async () => {
    expect((await assign(w.tokens.stranger, w.stranger.id)).status).toBe(404);
  });
});

describe("Mine / Unassigned filters", () => {
  it("assignee=me lists the actor's conversations, assignee=unassigned nobody's; search honours them", async () => {
    const { conversation: other } = await makeConversation(w.shoes.id, { name: "Dan Customer" });
    await assign(w.tokens.ann, w.ann.id);
    const names = async (token: string, query: Record<string, string>) => (await list(token, query)).body.data.map((c: { from_name: string }) => c.from_name);
    expect(await names(w.tokens.ann, { assignee: "me" })).toEqual(["Carla Customer"]);
    expect(await names(w.tokens.bob, { assignee: "me" })).toEqual([]);
    expect(await names(w.tokens.bob, { assignee: "unassigned" })).toEqual(["Dan Customer"]);
    expect(await names(w.tokens.ann, { assignee: "me", search: "customer" })).toEqual(["Carla Customer"]);
    expect(await names(w.tokens.ann, { assignee: "unassigned", search: "customer" })).toEqual(["Dan Customer"]);
    expect((await names(w.tokens.ann, {})).sort()).toEqual(["Carla Customer", "Dan Customer"]);
    expect((await list(w.tokens.ann, { assignee: "someone" })).status).toBe(400);
    expect(other.id).toBeTruthy();
  });
});

describe("GET /api/inbox/agents and /api/inbox/settings", () => {
  it("lists the people who answer the page", async () => {
    const res = await call(agentsRoute.GET, "GET", "/api/inbox/agents", { token: w.tokens.ann, query: { pageId: w.shoes.id } });
    expect(res.body.map((a: { name: string }) => a.name)).toEqual(["Ada Admin", "Ann Agent", "Bob Agent", "Olga Owner"]);
  });

  it("auto-assign is off by default; admins turn it on, staff may only read it", async () => {
    const read = () => call(settingsRoute.GET, "GET", "/api/inbox/settings", { token: w.tokens.ann, query: { pageId: w.shoes.id } });
    expect((await read()).body).toEqual({ pageId: w.shoes.id, autoAssign: false });
    expect((await call(settingsRoute.PUT, "PUT", "/api/inbox/settings", { token: w.tokens.ann, body: { pageId: w.shoes.id, autoAssign: true } })).status).toBe(403);
    expect((await call(settingsRoute.PUT, "PUT", "/api/inbox/settings", { token: w.tokens.admin, body: { pageId: w.shoes.id, autoAssign: true } })).body).toEqual({ pageId: w.shoes.id, autoAssign: true });
    expect((await read()).body.autoAssign).toBe(true);
    expect((await db.page.findUniqueOrThrow({ where: { id: w.shoes.id } })).autoAssign).toBe(true);
  });
});
