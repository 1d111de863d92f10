import { beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.QUEUE_PREFIX = `offers-api-${process.pid}`;
});

import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import * as listRoute from "@/app/api/offers/route";
import * as scheduleRoute from "@/app/api/offers/schedule/route";
import * as scheduleLabelRoute from "@/app/api/offers/schedule-label/route";
import * as previewRoute from "@/app/api/offers/preview/route";
import * as pauseRoute from "@/app/api/offers/[id]/pause/route";
import * as resumeRoute from "@/app/api/offers/[id]/resume/route";
import * as cancelRoute from "@/app/api/offers/[id]/cancel/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUpload, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { JOBS } from "@/server/queue/jobs";

// The offers API as the send-offer and scheduled-offers screens call it: roles, tenancy, the spec's
// validation texts, the whitelist, the list's date range, the audience preview and pause/resume/cancel.

const HOUR = 60 * 60 * 1000;

let companyId: string;
let pageId: string;
let otherPageId: string;
let admin: { id: string; name: string };
let tokens: Record<"companyAdmin" | "admin" | "unassignedAdmin" | "staff" | "superAdmin" | "otherCompany", string>;

beforeEach(async () => {
  const company = await makeCompany("Acme");
  companyId = company.id;
  const companyAdmin = await makeUser("company_admin", company.id, { name: "Carla Company" });
  admin = await makeUser("admin", company.id, { name: "Adam Admin" });
  const unassigned = await makeUser("admin", company.id);
  const staff = await makeUser("staff", company.id);
  const superAdmin = await makeUser("super_admin", null);
  const page = await makePage(company.id, [admin.id, staff.id], "Acme Shoes");
  pageId = page.id;
  const other = await makeCompany("Globex");
  const otherAdmin = await makeUser("company_admin", other.id);
  otherPageId = (await makePage(other.id, [], "Globex Page")).id;
  tokens = {
    companyAdmin: await tokenFor(companyAdmin),
    admin: await tokenFor(admin),
    unassignedAdmin: await tokenFor(unassigned),
    staff: await tokenFor(staff),
    superAdmin: await tokenFor(superAdmin),
    otherCompany: await tokenFor(otherAdmin),
  };
});

const schedule = (body: unknown, token = tokens.companyAdmin) => call(scheduleRoute.POST, "POST", "/api/offers/schedule", { token, body });
const scheduleLabel = (body: unknown, token = tokens.companyAdmin) => call(scheduleLabelRoute.POST, "POST", "/api/offers/schedule-label", { token, body });
const list = (query: Record<string, string> = {}, token = tokens.companyAdmin) => call(listRoute.GET, "GET", "/api/offers", { token, query });
const preview = (query: Record<string, string>, token = tokens.companyAdmin) => call(previewRoute.GET, "GET", "/api/offers/preview", { token, query });
const action = (route: typeof pauseRoute, id: string, token = tokens.companyAdmin) => call(route.POST, "POST", `/api/offers/${id}/x`, { token, params: { id } });

async function audience() {
  await makeConversation(pageId, { tags: ["vip"], lastInboundAt: new Date(Date.now() - HOUR) });
  await makeConversation(pageId, { tags: ["vip", "lead"], lastInboundAt: new Date(Date.now() - 30 * HOUR) });
  await makeConversation(pageId, { tags: ["lead"], lastInboundAt: new Date(Date.now() - 2 * HOUR) });
  await makeConversation(pageId, { lastInboundAt: null });
}

const queuedOfferIds = async () => (await queue().getJobs(["waiting", "delayed"])).filter((j) => j.name === JOBS.sendOffer.name).map((j) => j.data.offerId as string);

describe("scheduling", () => {
  it("schedules a text offer to everyone on the page and queues its job", async () => {
    await audience();
    const res = await schedule({ pageId, type: "text", tags: [], message: "  Free shipping today  " });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      page_id: pageId,
      page_name: "Acme Shoes",
      count: 4,
      messagesCount: 0,
      offerType: "general",
      created_by: "Carla Company",
      type: "text",
      status: "scheduled",
      skippedCount: 0,
      failedCount: 0,
      percent: 0,
      statusReason: null,
      message: "Free shipping today",
      tags: [],
      exclude: false,
      includeSpam: false,
    });
    expect(await queuedOfferIds()).toEqual([res.body._id]);
    expect(await queue().getJobSchedulers()).toHaveLength(1); // the watchdog
  });

  it("schedule-label targets labelled people (or, with exclude, the others); tags are lowercased", async () => {
    await audience();
    const include = await scheduleLabel({ pageId, type: "text", tags: ["VIP"], message: "For our VIPs" });
    expect(include.body).toMatchObject({ count: 2, offerType: "label", tags: ["vip"], exclude: false });
    const exclude = await scheduleLabel({ pageId, type: "text", tags: ["vip"], message: "Everyone else", exclude: true });
    expect(exclude.body).toMatchObject({ count: 2, exclude: true });
    const withSpam = await scheduleLabel({ pageId, type: "text", tags: ["vip"], message: "Spam too", includeSpam: true });
    expect(withSpam.body).toMatchObject({ includeSpam: true });
    expect((await db.offer.findUniqueOrThrow({ where: { id: withSpam.body._id } })).includeSpam).toBe(true);
  });

  it("an image offer carries the uploaded image and no text", async () => {
    const imageUrl = await makeUpload({ id: admin.id, companyId });
    const res = await schedule({ pageId, type: "image", tags: [], message: "ignored", imageUrl });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: "image", message: null, imageUrl });
  });

  it("refuses with the spec's texts", async () => {
    const cases: [unknown, string][] = [
      [{}, "Please select a page and offer type"],
      [{ pageId, tags: [], message: "hi" }, "Please select a page and offer type"],
      [{ pageId: "", type: "text", tags: [], message: "hi" }, "Please select a page and offer type"],
      [{ pageId, type: "text", tags: [], message: "   " }, "Please enter a message"],
      [{ pageId, type: "text", tags: [] }, "Please enter a message"],
      [{ pageId, type: "image", tags: [], message: "" }, "Please select an image"],
      [{ pageId, type: "text", tags: [], message: "x".repeat(2000) }, "The message must be less than 2000 characters"],
    ];
    for (const [body, text] of cases) {
      const res = await schedule(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(text);
    }
    const noTags = await scheduleLabel({ pageId, type: "text", tags: [], message: "hi" });
    expect(noTags.status).toBe(400);
    expect(noTags.body.error).toBe("Please select at least one label");
    expect(await db.offer.count()).toBe(0);
  });

  it("refuses a text with unapproved links: 400 {error, urls}, logged as a violation", async () => {
    await db.whitelistEntry.create({ data: { companyId, url: "acme.example" } });
    const ok = await schedule({ pageId, type: "text", tags: [], message: "Shop at https://acme.example/sale" });
    expect(ok.status).toBe(200);
    const res = await schedule({ pageId, type: "text", tags: [], message: "Cheaper at https://evil.com/deal and https://acme.example" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "Security Violation Alert: Unauthorized content detected in your message", urls: ["https://evil.com/deal"] });
    expect(await db.offer.count()).toBe(1);
    expect(await db.violation.findFirst()).toMatchObject({ companyId, pageId, urls: ["https://evil.com/deal"], userName: "Carla Company" });
  });

  it("accepts the Facebook page id too", async () => {
    const page = await db.page.findUniqueOrThrow({ where: { id: pageId } });
    const res = await schedule({ pageId: page.facebookPageId, type: "text", tags: [], message: "hi" });
    expect(res.body.page_id).toBe(pageId);
  });
});

describe("who may", () => {
  it("staff and the super admin are refused (403); other companies' and unassigned pages are 404", async () => {
    const body = { pageId, type: "text", tags: [], message: "hi" };
    for (const token of [tokens.staff, tokens.superAdmin]) {
      expect((await schedule(body, token)).status).toBe(403);
      expect((await scheduleLabel({ ...body, tags: ["vip"] }, token)).status).toBe(403);
      expect((await list({}, token)).status).toBe(403);
      expect((await preview({ pageId }, token)).status).toBe(403);
    }
    expect((await schedule(body, tokens.otherCompany)).status).toBe(404);
    expect((await preview({ pageId }, tokens.otherCompany)).status).toBe(404);
    expect((await schedule({ ...body, pageId: otherPageId })).status).toBe(404);
    expect((await schedule(body, tokens.unassignedAdmin)).status).toBe(404);
    expect((await schedule(body, tokens.admin)).status).toBe(200);
    expect((await call(listRoute.GET, "GET", "/api/offers")).status).toBe(401);
  });

  it("offers of other companies (and of pages an admin is not assigned) are invisible and untouchable", async () => {
    const mine = (await schedule({ pageId, type: "text", tags: [], message: "hi" })).body._id as string;
    const theirs = (await schedule({ pageId: otherPageId, type: "text", tags: [], message: "hi" }, tokens.otherCompany)).body._id as string;
    expect((await list()).body.map((o: { _id: string }) => o._id)).toEqual([mine]);
    expect((await list({}, tokens.otherCompany)).body.map((o: { _id: string }) => o._id)).toEqual([theirs]);
    expect((await list({}, tokens.unassignedAdmin)).body).toEqual([]);
    for (const route of [pauseRoute, resumeRoute, cancelRoute]) {
      expect((await action(route, theirs)).status).toBe(404);
      expect((await action(route, mine, tokens.otherCompany)).status).toBe(404);
      expect((await action(route, mine, tokens.staff)).status).toBe(403);
      expect((await action(route, "not-an-id")).status).toBe(404);
    }
    expect((await db.offer.findUniqueOrThrow({ where: { id: theirs } })).status).toBe("scheduled");
  });
});

describe("the list", () => {
  it("lists newest first with progress, within an inclusive day range", async () => {
    const at = (iso: string) => new Date(iso);
    const make = (createdAt: Date, extra: object = {}) =>
      db.offer.create({ data: { companyId, pageId, createdByName: "Carla Company", type: "text", message: "m", createdAt, ...extra } });
    const nov1 = await make(at("2026-11-01T00:00:00Z"));
    const nov2 = await make(at("2026-11-02T23:59:59.999Z"), { status: "running", targetCount: 40, sentCount: 9, skippedCount: 2, failedCount: 1 });
    await make(at("2026-11-03T00:00:00Z"));
    await make(at("2026-10-31T23:59:59.999Z"));
    const done = await make(at("2026-11-02T10:00:00Z"), { status: "completed", targetCount: 0 });

    const res = await list({ from: "2026-11-01", to: "2026-11-02" });
    expect(res.status).toBe(200);
    expect(res.body.map((o: { _id: string }) => o._id)).toEqual([nov2.id, done.id, nov1.id]);
    expect(res.body[0]).toEqual(
      expect.objectContaining({ _id: nov2.id, page_name: "Acme Shoes", count: 40, messagesCount: 9, offerType: "general", created_by: "Carla Company", created_at: "2026-11-02T23:59:59.999Z", type: "text", status: "running", skippedCount: 2, failedCount: 1, percent: 30, statusReason: null }),
    );
    expect(res.body[1].percent).toBe(100);
    // Date-times are instants, as the screen sends its local days.
    const instant = await list({ from: "2026-11-02T10:00:00.000Z", to: "2026-11-02T10:00:00.000Z" });
    expect(instant.body.map((o: { _id: string }) => o._id)).toEqual([done.id]);
    expect((await list()).body).toHaveLength(5);
    expect((await list({ from: "yesterday" })).status).toBe(400);
  });
});

describe("preview", () => {
  it("counts the people the rule selects and those inside the 24 h window", async () => {
    await audience();
    expect((await preview({ pageId })).body).toEqual({ matching: 4, insideWindow: 2 });
    expect((await preview({ pageId, tags: JSON.stringify(["VIP"]) })).body).toEqual({ matching: 2, insideWindow: 1 });
    expect((await preview({ pageId, tags: JSON.stringify(["vip"]), exclude: "true" })).body).toEqual({ matching: 2, insideWindow: 1 });
    expect((await preview({ pageId, tags: "lead,vip" })).body).toEqual({ matching: 3, insideWindow: 2 });
    expect((await preview({ pageId, tags: "[]", exclude: "true" })).body).toEqual({ matching: 4, insideWindow: 2 });
    expect((await preview({ pageId: "" })).status).toBe(400);
  });
});

describe("pause, resume, cancel", () => {
  it("moves between states and refuses what makes no sense (409)", async () => {
    const id = (await schedule({ pageId, type: "text", tags: [], message: "hi" })).body._id as string;
    const paused = await action(pauseRoute, id);
    expect(paused.body).toMatchObject({ status: "paused", statusReason: "Paused by Carla Company" });
    expect((await action(pauseRoute, id)).status).toBe(409);

    const resumed = await action(resumeRoute, id, tokens.admin);
    // It never started: back to scheduled, and queued again.
    expect(resumed.body).toMatchObject({ status: "scheduled", statusReason: null });
    expect((await queuedOfferIds()).filter((x) => x === id)).toHaveLength(2);

    const cancelled = await action(cancelRoute, id);
    expect(cancelled.body).toMatchObject({ status: "cancelled", statusReason: "Cancelled by Carla Company" });
    for (const route of [pauseRoute, resumeRoute, cancelRoute]) {
      const res = await action(route, id);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/^This offer is cancelled and cannot be/);
    }
  });
});
