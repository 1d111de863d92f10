import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as createRoute from "@/app/api/sheets/create/route";
import * as exportRoute from "@/app/api/sheets/export/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";

async function buildWorld() {
  const acme = await makeCompany("Acme");
  const globex = await makeCompany("Globex");
  const staff = await makeUser("staff", acme.id);
  const admin = await makeUser("admin", acme.id, { name: "Adam Admin" });
  const owner = await makeUser("company_admin", acme.id, { name: "Olga Owner" });
  const root = await makeUser("super_admin", null);
  const globexAdmin = await makeUser("company_admin", globex.id);
  const shoes = await makePage(acme.id, [staff.id, admin.id], "Shoes");
  const outlet = await makePage(acme.id, [], "Outlet");
  const globexPage = await makePage(globex.id, [], "Globex Page");
  const { conversation, customer } = await makeConversation(shoes.id, { name: "Dana Customer" });
  const { conversation: outletConversation } = await makeConversation(outlet.id, { name: "Otto Outlet" });
  const { conversation: globexConversation } = await makeConversation(globexPage.id);
  const tokens = { staff: await tokenFor(staff), admin: await tokenFor(admin), owner: await tokenFor(owner), root: await tokenFor(root), globexAdmin: await tokenFor(globexAdmin) };
  return { acme, admin, owner, shoes, outlet, globexPage, conversation, customer, outletConversation, globexConversation, tokens };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

const create = (token: string, body: unknown) => call(createRoute.POST, "POST", "/api/sheets/create", { token, body });
const ref = () => ({ pageId: w.shoes.id, conversationId: w.conversation.id });

async function exportCsv(token: string) {
  const response = await exportRoute.GET(new Request("http://localhost/api/sheets/export", { headers: { authorization: `Bearer ${token}`, "x-switchboard-client-ip": "10.0.0.1" } }), { params: Promise.resolve({}) });
  // Decoded with the BOM kept, to see the bytes a spreadsheet gets.
  return { status: response.status, headers: response.headers, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

describe("POST /api/sheets/create", () => {
  it("books an entry for admin and company_admin with names from the database, never the client's", async () => {
    const res = await create(w.tokens.admin, { ...ref(), deposit: 250, redeem: "100.50", pageName: "=EVIL()", customerName: "Someone Else" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      entry: { _id: expect.any(String), deposit: 250, redeem: 100.5, pageId: w.shoes.id, pageName: "Shoes", customerName: "Dana Customer", author: { _id: w.admin.id, name: "Adam Admin" }, created_at: expect.any(String) },
    });
    const row = await db.sheetEntry.findUniqueOrThrow({ where: { id: res.body.entry._id } });
    expect(row).toMatchObject({ companyId: w.acme.id, pageName: "Shoes", customerName: "Dana Customer", authorId: w.admin.id, authorName: "Adam Admin" });
    expect(row.deposit.toFixed(2)).toBe("250.00");

    const byOwner = await create(w.tokens.owner, { pageId: w.outlet.facebookPageId, conversationId: w.outletConversation.id, deposit: "0", redeem: 0 });
    expect(byOwner.body.entry).toMatchObject({ deposit: 0, redeem: 0, pageName: "Outlet", customerName: "Otto Outlet", author: { name: "Olga Owner" } });
  });

  it("is admin-only: staff and super_admin get 403, without a token 401", async () => {
    expect((await create(w.tokens.staff, { ...ref(), deposit: 1, redeem: 1 })).status).toBe(403);
    expect((await create(w.tokens.root, { ...ref(), deposit: 1, redeem: 1 })).status).toBe(403);
    expect((await call(createRoute.POST, "POST", "/api/sheets/create", { body: { ...ref(), deposit: 1, redeem: 1 } })).status).toBe(401);
    expect(await db.sheetEntry.count()).toBe(0);
  });

  it("answers 400 with the spec's texts", async () => {
    const missing = await create(w.tokens.admin, { ...ref() });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: "Please fill out both Deposit and Redeem fields.",
      fields: { deposit: "Please fill out both Deposit and Redeem fields.", redeem: "Please fill out both Deposit and Redeem fields." },
    });
    expect((await create(w.tokens.admin, { ...ref(), deposit: "", redeem: 5 })).body.error).toBe("Please fill out both Deposit and Redeem fields.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: 5, redeem: null })).body.fields.redeem).toBe("Please fill out both Deposit and Redeem fields.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: -1, redeem: 5 })).body.error).toBe("Deposit and Redeem can't be negative.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: 1, redeem: "-5" })).body.fields.redeem).toBe("Deposit and Redeem can't be negative.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: "ten", redeem: 5 })).body.fields.deposit).toBe("Deposit and Redeem must be numbers.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: 1.234, redeem: 5 })).body.fields.deposit).toBe("Deposit and Redeem can have at most 2 decimal places.");
    expect((await create(w.tokens.admin, { ...ref(), deposit: 1e15, redeem: 5 })).status).toBe(400);
    expect((await create(w.tokens.admin, { deposit: 1, redeem: 1 })).body.fields).toMatchObject({ pageId: "pageId is required", conversationId: "conversationId is required" });
    const json = await call(createRoute.POST, "POST", "/api/sheets/create", { token: w.tokens.admin, rawBody: "deposit=1", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    expect(await db.sheetEntry.count()).toBe(0);
  });

  it("is 404 for another company's conversation, a page the admin is not assigned to, and garbage", async () => {
    expect((await create(w.tokens.globexAdmin, { ...ref(), deposit: 1, redeem: 1 })).status).toBe(404);
    expect((await create(w.tokens.globexAdmin, { pageId: w.globexPage.id, conversationId: w.conversation.id, deposit: 1, redeem: 1 })).status).toBe(404);
    expect((await create(w.tokens.owner, { pageId: w.globexPage.id, conversationId: w.globexConversation.id, deposit: 1, redeem: 1 })).status).toBe(404);
    expect((await create(w.tokens.admin, { pageId: w.outlet.id, conversationId: w.outletConversation.id, deposit: 1, redeem: 1 })).status).toBe(404);
    expect((await create(w.tokens.admin, { pageId: w.outlet.id, conversationId: w.conversation.id, deposit: 1, redeem: 1 })).status).toBe(404);
    expect((await create(w.tokens.admin, { ...ref(), conversationId: "garbage", deposit: 1, redeem: 1 })).status).toBe(404);
    expect(await db.sheetEntry.count()).toBe(0);
  });
});

describe("GET /api/sheets/export", () => {
  it("downloads the company's entries as CSV for admin and company_admin; staff 403; other companies see none", async () => {
    await create(w.tokens.admin, { ...ref(), deposit: 250, redeem: 100.5 });
    await db.sheetEntry.updateMany({ data: { createdAt: new Date("2026-11-20T09:30:15.123Z") } });
    await create(w.tokens.owner, { pageId: w.outlet.id, conversationId: w.outletConversation.id, deposit: "12", redeem: "0" });

    for (const token of [w.tokens.admin, w.tokens.owner]) {
      const res = await exportCsv(token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sheet-entries-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.text.startsWith("\uFEFF")).toBe(true);
      const lines = res.text.slice(1).split("\r\n");
      expect(lines[0]).toBe("Date (UTC),Page,Customer,Deposit,Redeem,Author");
      expect(lines[1]).toBe("2026-11-20 09:30:15,Shoes,Dana Customer,250.00,100.50,Adam Admin");
      expect(lines[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Outlet,Otto Outlet,12.00,0.00,Olga Owner$/);
      expect(lines).toHaveLength(4); // header, two rows, the final CRLF's empty tail
    }
    expect((await exportCsv(w.tokens.staff)).status).toBe(403);
    expect((await exportCsv(w.tokens.root)).status).toBe(403);
    const globex = await exportCsv(w.tokens.globexAdmin);
    expect(globex.status).toBe(200);
    expect(globex.text).toBe("\uFEFFDate (UTC),Page,Customer,Deposit,Redeem,Author\r\n");
  });

  it("exports every entry past the read batch size, in order", async () => {
    const at = new Date("2026-01-01T00:00:00Z").getTime();
    await db.sheetEntry.createMany({
      data: Array.from({ length: 1001 }, (_, i) => ({ companyId: w.acme.id, pageId: w.shoes.id, pageName: "Shoes", customerName: `C${i}`, deposit: String(i), redeem: "0", authorName: "Adam Admin", createdAt: new Date(at + i * 1000) })),
    });
    const rows = (await exportCsv(w.tokens.owner)).text.slice(1).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(1001);
    expect(rows[0]).toBe("2026-01-01 00:00:00,Shoes,C0,0.00,0.00,Adam Admin");
    expect(rows[1000]).toBe("2026-01-01 00:16:40,Shoes,C1000,1000.00,0.00,Adam Admin");
  });

  it("quotes commas, quotes and newlines, and defuses cells a spreadsheet would run as formulas", async () => {
    const names: [string, string][] = [
      ['Dana "The Deal" Smith, Jr.', '"Dana ""The Deal"" Smith, Jr."'],
      ["two\nlines", '"two\nlines"'],
      ["=HYPERLINK(\"http://evil.test\",\"x\")", "\"'=HYPERLINK(\"\"http://evil.test\"\",\"\"x\"\")\""],
      ["+1 555", "'+1 555"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\t=1", "'\t=1"],
      ["José 🙂", "José 🙂"],
    ];
    for (const [name] of names) {
      await db.customer.update({ where: { id: w.customer.id }, data: { name } });
      expect((await create(w.tokens.owner, { ...ref(), deposit: 1, redeem: 2 })).status).toBe(200);
    }
    await db.page.update({ where: { id: w.shoes.id }, data: { name: "Shoes, Bags & More" } });
    await db.user.update({ where: { id: w.owner.id }, data: { name: "=cmd|' /C calc'!A0" } });
    await create(w.tokens.owner, { ...ref(), deposit: 3, redeem: 4 });

    const { text } = await exportCsv(w.tokens.owner);
    const body = text.replace(/^\uFEFF/, "");
    for (const [, cell] of names) expect(body).toContain(`,Shoes,${cell},1.00,2.00,Olga Owner\r\n`);
    expect(body).toContain(`,"Shoes, Bags & More",José 🙂,3.00,4.00,'=cmd|' /C calc'!A0\r\n`);
  });
});
