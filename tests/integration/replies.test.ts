import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as repliesRoute from "@/app/api/replies/route";
import * as replyRoute from "@/app/api/replies/[id]/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const admin = await makeUser("admin", acme.id);
  const owner = await makeUser("company_admin", acme.id);
  const outsider = await makeUser("staff", acme.id);
  const globexAdmin = await makeUser("company_admin", globex.id);
  const shoes = await makePage(acme.id, [staff.id, admin.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [], "Globex Page");
  const tokens = { staff: await tokenFor(staff), admin: await tokenFor(admin), owner: await tokenFor(owner), outsider: await tokenFor(outsider), globexAdmin: await tokenFor(globexAdmin) };
  return { staff, shoes, outlet, globexPage, tokens };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const list = (token: string, pageId: string) => call(replyRoute.GET, "GET", `/api/replies/${pageId}`, { token, params: { id: pageId } });
const create = (token: string, body: unknown) => call(repliesRoute.POST, "POST", "/api/replies", { token, body });
const update = (token: string, id: string, body: unknown) => call(replyRoute.PUT, "PUT", `/api/replies/${id}`, { token, params: { id }, body });
const remove = (token: string, id: string) => call(replyRoute.DELETE, "DELETE", `/api/replies/${id}`, { token, params: { id } });

describe("saved replies", () => {
  it("creates trimmed replies for staff, admin and company_admin and lists them newest first", async () => {
    const first = await create(w.tokens.staff, { shortcut: "  hello ", message: "  • Hi there!  ", page_id: w.shoes.id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ _id: expect.any(String), id: first.body._id, shortcut: "hello", message: "• Hi there!", page_id: w.shoes.id, created_at: expect.any(String) });
    expect((await create(w.tokens.admin, { shortcut: "bye", message: "Goodbye", page_id: w.shoes.facebookPageId })).status).toBe(200);
    expect((await create(w.tokens.owner, { shortcut: "thanks", message: "x".repeat(1500), page_id: w.shoes.id })).status).toBe(200);
    await create(w.tokens.owner, { shortcut: "outlet", message: "Outlet only", page_id: w.outlet.id });

    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const res = await list(token, w.shoes.id);
      expect(res.status).toBe(200);
      expect(res.body.map((r: { shortcut: string }) => r.shortcut)).toEqual(["thanks", "bye", "hello"]);
    }
    expect((await list(w.tokens.staff, w.shoes.facebookPageId)).body).toHaveLength(3);
    expect((await db.savedReply.findUniqueOrThrow({ where: { id: first.body._id } })).createdById).toBe(w.staff.id);
  });

  it("updates and deletes for each inbox role", async () => {
    const reply = (await create(w.tokens.staff, { shortcut: "hello", message: "Hi", page_id: w.shoes.id })).body;
    for (const [i, token] of [w.tokens.staff, w.tokens.admin, w.tokens.owner].entries()) {
      const res = await update(token, reply._id, { shortcut: ` greet${i} `, message: ` Hello ${i} `, page_id: w.shoes.id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...reply, shortcut: `greet${i}`, message: `Hello ${i}` });
    }
    for (const token of [w.tokens.staff, w.tokens.admin, w.tokens.owner]) {
      const r = (await create(w.tokens.staff, { shortcut: "temp", message: "Temp", page_id: w.shoes.id })).body;
      expect(await remove(token, r._id)).toMatchObject({ status: 200, body: { success: true } });
    }
    expect((await list(w.tokens.staff, w.shoes.id)).body.map((r: { shortcut: string }) => r.shortcut)).toEqual(["greet2"]);
  });

  it("answers 400 with the spec's texts on create and update", async () => {
    const short = await create(w.tokens.staff, { shortcut: " ab ", message: "Hi", page_id: w.shoes.id });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ error: "Shortcuts must be at least three characters.", fields: { shortcut: "Shortcuts must be at least three characters." } });
    expect((await create(w.tokens.staff, { message: "Hi", page_id: w.shoes.id })).body.fields.shortcut).toBe("Shortcuts must be at least three characters.");
    expect((await create(w.tokens.staff, { shortcut: "abc", message: "  ", page_id: w.shoes.id })).body.fields.message).toBe("Message is required");
    expect((await create(w.tokens.staff, { shortcut: "abc", page_id: w.shoes.id })).body.fields.message).toBe("Message is required");
    expect((await create(w.tokens.staff, { shortcut: "abc", message: "x".repeat(5001), page_id: w.shoes.id })).body.fields.message).toBe("Message must be at most 5000 characters");
    expect((await create(w.tokens.staff, { shortcut: "abc", message: "Hi" })).body.fields.page_id).toBe("page_id is required");
    const json = await call(repliesRoute.POST, "POST", "/api/replies", { token: w.tokens.staff, rawBody: "[1,", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    const reply = (await create(w.tokens.staff, { shortcut: "hello", message: "Hi", page_id: w.shoes.id })).body;
    expect((await update(w.tokens.staff, reply._id, { shortcut: "no", message: "Hi", page_id: w.shoes.id })).body.fields.shortcut).toBe("Shortcuts must be at least three characters.");
    expect((await update(w.tokens.staff, reply._id, { shortcut: "hello", message: "", page_id: w.shoes.id })).body.fields.message).toBe("Message is required");
    expect(await db.savedReply.count()).toBe(1);
  });

  it("refuses an unknown variable or malformed braces on create and update, naming it (PRODUCT §13.2)", async () => {
    const body = { shortcut: "order", message: "Hi {{customer.first_name}}, order {{?order number}} is on its way. {{agent.name}}, {{page.name}}", page_id: w.shoes.id };
    const saved = await create(w.tokens.staff, body);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(body.message);

    const unknown = await create(w.tokens.staff, { ...body, message: "Hi {{customer.age}} and {{customer.first_name}}" });
    const refusal = "Unknown variable {{customer.age}}. Use {{customer.first_name}}, {{customer.name}}, {{agent.name}}, {{page.name}} or a blank like {{?order number}}.";
    expect(unknown).toMatchObject({ status: 400, body: { error: refusal, fields: { message: refusal } } });
    const changed = await update(w.tokens.staff, saved.body._id, { ...body, message: "Thanks {{customer.age}} {{name}}" });
    expect(changed.status).toBe(400);
    expect(changed.body.fields.message).toMatch(/^Unknown variables \{\{customer\.age\}\}, \{\{name\}\}\. Use /);
    expect((await create(w.tokens.staff, { ...body, message: "Hi {{customer.name" })).body.fields.message).toBe('A "{{" is not closed: finish it with "}}", as in {{customer.first_name}}.');
    expect((await create(w.tokens.staff, { ...body, message: "Order {{?}}" })).body.fields.message).toBe("A blank needs a name, as in {{?order number}}.");

    expect(await db.savedReply.findMany({ select: { message: true } })).toEqual([{ message: body.message }]);
  });

  it("is 404 for another company's ids, unassigned pages and garbage, on every endpoint", async () => {
    const reply = (await create(w.tokens.staff, { shortcut: "hello", message: "Hi", page_id: w.shoes.id })).body;
    const body = { shortcut: "taken", message: "Mine now", page_id: w.shoes.id };
    expect((await list(w.tokens.globexAdmin, w.shoes.id)).status).toBe(404);
    expect((await list(w.tokens.globexAdmin, w.shoes.facebookPageId)).status).toBe(404);
    expect((await create(w.tokens.globexAdmin, body)).status).toBe(404);
    expect((await update(w.tokens.globexAdmin, reply._id, body)).status).toBe(404);
    expect((await update(w.tokens.globexAdmin, reply._id, { ...body, page_id: w.globexPage.id })).status).toBe(404);
    expect((await remove(w.tokens.globexAdmin, reply._id)).status).toBe(404);
    expect((await list(w.tokens.outsider, w.shoes.id)).status).toBe(404);
    expect((await remove(w.tokens.outsider, reply._id)).status).toBe(404);
    expect((await create(w.tokens.staff, { ...body, page_id: w.outlet.id })).status).toBe(404);
    // A reply does not move pages: page_id must be its own page.
    expect((await update(w.tokens.owner, reply._id, { ...body, page_id: w.outlet.id })).status).toBe(404);
    expect((await update(w.tokens.staff, "garbage", body)).status).toBe(404);
    expect((await remove(w.tokens.staff, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(repliesRoute.POST, "POST", "/api/replies", { body })).status).toBe(401);
    expect(await db.savedReply.findUniqueOrThrow({ where: { id: reply._id } })).toMatchObject({ shortcut: "hello", message: "Hi", pageId: w.shoes.id });
  });
});
