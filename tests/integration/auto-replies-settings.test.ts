import { describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as autoRepliesRoute from "@/app/api/pages/[id]/auto-replies/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import { VIOLATION_ERROR } from "@/server/services/outbound/send-message";
import { INSTAGRAM_TEXT_TOO_LONG } from "@/lib/inbox/channels";
import { AUTO_REPLY_TEXT_REQUIRED } from "@/lib/schemas/auto-replies";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";

// PUT /api/pages/{id}/auto-replies (docs/API.md): the company admin's settings, checked when saved.

const settings = (instant: string, away = "", everyHours = 12) => ({ instant: { enabled: instant !== "", text: instant }, away: { enabled: away !== "", text: away }, every_hours: everyHours });

async function setup() {
  const company = await makeCompany();
  const admin = await makeUser("company_admin", company.id, { name: "Ada Admin" });
  const staff = await makeUser("staff", company.id);
  const page = await makePage(company.id, [staff.id]);
  return { company, page, admin: await tokenFor(admin), staff: await tokenFor(staff) };
}

const put = (token: string, id: string, body: unknown) => call(autoRepliesRoute.PUT, "PUT", `/api/pages/${id}/auto-replies`, { token, params: { id }, body });

describe("the automatic replies' settings", () => {
  it("saves both replies and N, shows them on the page and writes the audit log", async () => {
    const { company, page, admin } = await setup();
    const res = await put(admin, page.id, settings("Thanks! We answer within the hour.", "We are closed; back at 9.", 6));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(settings("Thanks! We answer within the hour.", "We are closed; back at 9.", 6));
    const stored = await db.page.findUniqueOrThrow({ where: { id: page.id } });
    expect(stored).toMatchObject({ instantReplyOn: true, awayReplyOn: true, autoReplyEveryHours: 6, awayReplyText: "We are closed; back at 9." });
    const shown = await call(pageRoute.GET, "GET", `/api/pages/${page.id}`, { token: admin, params: { id: page.id } });
    expect(JSON.stringify(shown.body)).toContain('"every_hours":6');
    const [entry] = await db.auditEntry.findMany({ where: { companyId: company.id, action: "page.auto_replies_changed" } });
    expect(entry).toMatchObject({ actorName: "Ada Admin", targetType: "page", targetId: page.id, details: { from: "instant off, away off, every 12 h", to: "instant on, away on, every 6 h" } });
  });

  it("refuses a link the whitelist does not allow, with the violation's wording, and keeps the old settings", async () => {
    const { company, page, admin } = await setup();
    await db.whitelistEntry.create({ data: { companyId: company.id, url: "acme.com" } });
    expect((await put(admin, page.id, settings("See acme.com/shoes"))).status).toBe(200);
    const res = await put(admin, page.id, settings("Cheaper at https://evil.example/deal"));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: VIOLATION_ERROR, urls: ["https://evil.example/deal"], fields: { "instant.text": VIOLATION_ERROR } });
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).instantReplyText).toBe("See acme.com/shoes");
    expect(await db.auditEntry.count({ where: { companyId: company.id } })).toBe(1);
  });

  it("holds a Page with Instagram to Instagram's 1000 bytes", async () => {
    const { page, admin } = await setup();
    const long = "é".repeat(501); // 1002 bytes, 501 characters
    expect((await put(admin, page.id, settings(long))).status).toBe(200);
    await db.instagramAccount.create({ data: { pageId: page.id, instagramId: "17841400000000043", enabled: true } });
    const res = await put(admin, page.id, settings("", long));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ fields: { "away.text": INSTAGRAM_TEXT_TOO_LONG } });
  });

  it("wants a text for a reply that is on, and N between 1 and 168", async () => {
    const { page, admin } = await setup();
    const empty = await put(admin, page.id, { ...settings(""), instant: { enabled: true, text: "   " } });
    expect([400, 422]).toContain(empty.status);
    expect(JSON.stringify(empty.body)).toContain(AUTO_REPLY_TEXT_REQUIRED);
    expect([400, 422]).toContain((await put(admin, page.id, settings("Hi", "", 0))).status);
    expect([400, 422]).toContain((await put(admin, page.id, settings("Hi", "", 169))).status);
  });

  it("is not for the agents", async () => {
    const { page, staff } = await setup();
    expect((await put(staff, page.id, settings("Hi"))).status).toBe(403);
    expect((await db.page.findUniqueOrThrow({ where: { id: page.id } })).instantReplyOn).toBe(false);
  });
});
