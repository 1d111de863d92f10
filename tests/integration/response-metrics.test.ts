import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { queue } from "@/server/queue/index";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { recordOwnMessage } from "@/server/services/conversations/record-message";
import { setConversationStatus } from "@/server/services/conversations/set-status";
import { wakeSnoozed } from "@/workers/conversations/wake-snoozed";
import { rebuildResponseEvents } from "@/workers/reports/rebuild-response-events";
import { PAGE_INBOX_APP_ID } from "@/server/integrations/meta/graph-handover";
import { offerMetadata } from "@/server/services/offers/confirm-echo";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { call } from "./support/http";
import * as reportRoute from "@/app/api/reports/responses/route";
import * as hoursRoute from "@/app/api/reports/business-hours/route";
import { responseHeadline } from "@/server/services/reports/response-headline";
import { body } from "./support/webhook-post";
import { startGraphSimulator } from "./support/graph-sim";

// The response metrics' rollup (docs/PRODUCT.md §11) against hand-computed cases. Customers write through
// the ingest (stored deliveries, the worker's batch); agents reply through the send path's statement
// (recordOwnMessage); the Page Inbox, offers and bots through echoes. Every time is written out in the
// company's zone (Europe/Berlin: CET = UTC+1 in November, CEST = UTC+2 until 25 October 2026, 03:00).

const WEEKDAYS_9_TO_5 = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [[540, 1020]]]));

// Facebook as the simulator: first contacts' profile lookups get an answer.
let graph: Simulator;
beforeAll(async () => {
  graph = await startGraphSimulator();
});
afterAll(async () => {
  await graph.close();
  await queue().close();
});

let page: Awaited<ReturnType<typeof makePage>>;
let ann: Actor;
let bob: Actor;
let seq = 0;

async function setUp(hours: object | null, timezone = "Europe/Berlin") {
  psids.clear();
  const company = await makeCompany("Acme");
  await db.company.update({ where: { id: company.id }, data: { timezone, businessHours: hours ?? undefined } });
  const a = await makeUser("staff", company.id, { name: "Ann" });
  const b = await makeUser("staff", company.id, { name: "Bob" });
  page = await makePage(company.id, [a.id, b.id], "Shoes");
  ann = { id: a.id, name: a.name, email: a.email, role: "staff", companyId: company.id };
  bob = { id: b.id, name: b.name, email: b.email, role: "staff", companyId: company.id };
}

beforeEach(async () => {
  await setUp(WEEKDAYS_9_TO_5);
});

const psids = new Map<string, string>();
/** Meta's PSIDs are numeric: one per customer name. */
const psidOf = (name: string) => {
  if (!psids.has(name)) psids.set(name, String(7_000_000_000_000_000 + psids.size * 7919 + Math.floor(Math.random() * 1000)));
  return psids.get(name)!;
};
const mid = () => `m_metrics_${++seq}_${Math.random().toString(36).slice(2)}`;

async function deliver(item: object) {
  await db.webhookEvent.create({ data: { payload: JSON.parse(body(page.facebookPageId, item as Record<string, unknown>)) } });
  await processPendingWebhookEvents();
}

/** The customer writes at `at` (an ISO time with its offset). */
async function customer(name: string, at: string) {
  await deliver({ sender: { id: psidOf(name) }, recipient: { id: page.facebookPageId }, timestamp: Date.parse(at), message: { mid: mid(), text: "Hello?" } });
  return (await db.conversation.findFirstOrThrow({ where: { customer: { psid: psidOf(name) } } })).id;
}

/** An echo of something the Page sent, not through our agents: app_id and metadata say who. */
async function echo(name: string, at: string, fields: { app_id?: number; metadata?: string }) {
  await deliver({ sender: { id: page.facebookPageId }, recipient: { id: psidOf(name) }, timestamp: Date.parse(at), message: { mid: mid(), text: "From the Page", is_echo: true, ...fields } });
}

/** An agent's reply as the send path stores it. */
async function agentReplies(agent: Actor, conversationId: string, at: string) {
  await recordOwnMessage({
    conversationId, mid: mid(), direction: "outbound", senderId: page.facebookPageId, authorId: agent.id, isEcho: false, sendStatus: "sent", createdTime: new Date(at),
    text: "On it", stickerUrl: null, attachments: [], isImage: false, kind: "text", payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null, countsAsInbound: false,
  });
}

const setStatus = (agent: Actor, conversationId: string, status: "done" | "snoozed" | "open", at: string, snoozeUntil?: string) =>
  setConversationStatus(agent, { conversationIds: [conversationId], status, snoozeUntil }, new Date(at));

async function events(conversationId: string) {
  const rows = await db.responseEvent.findMany({ where: { conversationId }, orderBy: { id: "asc" } });
  return rows.map((r) => ({ kind: r.kind, seconds: r.seconds, agent: r.agentId === ann.id ? "ann" : r.agentId === bob.id ? "bob" : null }));
}

describe("first response and reply times, in business hours", () => {
  it("a new contact answered within the hour: 30 min both", async () => {
    const id = await customer("carla", "2026-11-23T10:00:00+01:00"); // Monday
    await agentReplies(ann, id, "2026-11-23T10:30:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 1800, agent: "ann" },
      { kind: "first_response", seconds: 1800, agent: "ann" },
    ]);
  });

  it("a burst at the end of the day, answered from the Page Inbox the next morning: the night does not count", async () => {
    const id = await customer("dan", "2026-11-23T16:30:00+01:00");
    await customer("dan", "2026-11-23T16:50:00+01:00"); // the same burst
    await echo("dan", "2026-11-24T09:15:00+01:00", { app_id: Number(PAGE_INBOX_APP_ID) });
    // 16:30–17:00 and 09:00–09:15: 45 minutes, by nobody (the Page Inbox has no agent).
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 2700, agent: null },
      { kind: "first_response", seconds: 2700, agent: null },
    ]);
  });

  it("Friday afternoon to Monday morning: the weekend does not count", async () => {
    const id = await customer("eve", "2026-11-27T16:00:00+01:00");
    await agentReplies(bob, id, "2026-11-30T10:00:00+01:00");
    expect((await events(id)).find((e) => e.kind === "reply")).toEqual({ kind: "reply", seconds: 7200, agent: "bob" });
  });

  it("offers and other apps' sends are not replies; the agent's after them is", async () => {
    const id = await customer("fay", "2026-11-23T10:00:00+01:00");
    await echo("fay", "2026-11-23T10:05:00+01:00", { app_id: 1234567890, metadata: offerMetadata("01950000-0000-7000-8000-000000000000") });
    await echo("fay", "2026-11-23T10:10:00+01:00", { app_id: 5555 }); // a bot of the Page
    await agentReplies(ann, id, "2026-11-23T10:20:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 1200, agent: "ann" },
      { kind: "first_response", seconds: 1200, agent: "ann" },
    ]);
  });

  it("two agents, two bursts: each reply is its replier's; the first response is only the first", async () => {
    const id = await customer("gil", "2026-11-23T10:00:00+01:00");
    await agentReplies(ann, id, "2026-11-23T10:05:00+01:00");
    await agentReplies(bob, id, "2026-11-23T10:06:00+01:00"); // nobody was waiting: no reply time
    await customer("gil", "2026-11-23T11:00:00+01:00");
    await agentReplies(bob, id, "2026-11-23T11:20:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 300, agent: "ann" },
      { kind: "first_response", seconds: 300, agent: "ann" },
      { kind: "reply", seconds: 1200, agent: "bob" },
    ]);
  });
});

describe("done, reopen and snooze", () => {
  it("done measures the resolution; the customer writing again reopens and starts a new first response", async () => {
    const id = await customer("hal", "2026-11-23T10:00:00+01:00");
    await agentReplies(ann, id, "2026-11-23T10:10:00+01:00");
    await setStatus(bob, id, "done", "2026-11-23T12:00:00+01:00");
    await customer("hal", "2026-11-24T10:00:00+01:00");
    expect((await db.conversation.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    await agentReplies(bob, id, "2026-11-24T10:05:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 600, agent: "ann" },
      { kind: "first_response", seconds: 600, agent: "ann" },
      { kind: "done", seconds: 7200, agent: "bob" },
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 300, agent: "bob" },
      { kind: "first_response", seconds: 300, agent: "bob" },
    ]);
  });

  it("done without a reply closes the burst unanswered (the response rate counts it)", async () => {
    const id = await customer("ida", "2026-11-23T10:00:00+01:00");
    await setStatus(ann, id, "done", "2026-11-23T10:45:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "unanswered", seconds: 2700, agent: "ann" },
      { kind: "done", seconds: 2700, agent: "ann" },
    ]);
  });

  it("a snooze that ends does not stop the waiting customer's clock, nor start a new episode", async () => {
    const id = await customer("jon", "2026-11-23T10:00:00+01:00");
    await setStatus(ann, id, "snoozed", "2026-11-23T10:01:00+01:00", "2026-11-23T11:00:00+01:00");
    expect(await wakeSnoozed(new Date("2026-11-23T10:59:00+01:00"))).toBe(0);
    expect(await wakeSnoozed(new Date("2026-11-23T11:00:00+01:00"))).toBe(1);
    expect((await db.conversation.findUniqueOrThrow({ where: { id } })).status).toBe("open");
    await agentReplies(ann, id, "2026-11-23T11:30:00+01:00");
    expect(await events(id)).toEqual([
      { kind: "opened", seconds: 0, agent: null },
      { kind: "reply", seconds: 5400, agent: "ann" },
      { kind: "first_response", seconds: 5400, agent: "ann" },
    ]);
  });
});

describe("hours across midnight and DST", () => {
  it("a night desk (22:00–06:00 every day) on the night the clocks go back has nine hours", async () => {
    await setUp(Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [[1320, 360]]])));
    // Saturday 24 October 21:00 CEST (19:00 UTC) to Sunday 07:00 CET (06:00 UTC): the desk's night runs
    // 22:00 CEST (20:00 UTC) to 06:00 CET (05:00 UTC) = 9 hours; the wall clock says 11.
    const id = await customer("kim", "2026-10-24T21:00:00+02:00");
    await agentReplies(ann, id, "2026-10-25T07:00:00+01:00");
    const reply = await db.responseEvent.findFirstOrThrow({ where: { conversationId: id, kind: "reply" } });
    expect([reply.seconds, reply.wallSeconds]).toEqual([9 * 3600, 11 * 3600]);
  });

  it("around the clock (no hours set) counts every second", async () => {
    await setUp(null, "America/New_York");
    const id = await customer("lou", "2026-11-28T23:00:00-05:00"); // a Saturday night
    await agentReplies(ann, id, "2026-11-29T01:30:00-05:00");
    expect((await events(id)).find((e) => e.kind === "reply")?.seconds).toBe(9000);
  });
});

describe("the dashboard's headline, one statement", () => {
  it("its 7 days start at the local midnight a week before, across the clocks going back; no pages, no figures", async () => {
    const admin: Actor = { ...ann, role: "company_admin" };
    const conversationId = await customer("ada", "2026-10-01T10:00:00+02:00");
    const at = (iso: string, seconds: number) =>
      db.responseEvent.create({ data: { companyId: ann.companyId!, pageId: page.id, conversationId, kind: "first_response", startedAt: new Date(iso), at: new Date(iso), seconds, wallSeconds: seconds } });
    // Tuesday 27 October (CET): today starts at 23:00Z on the 26th; the week at 00:00 CEST on the 20th (22:00Z on the 19th).
    await at("2026-10-19T21:59:59.999Z", 100); // before the week
    await at("2026-10-19T22:00:00Z", 200); // the week's first instant
    await at("2026-10-26T22:59:59.999Z", 400); // the week's last
    await at("2026-10-26T23:00:00Z", 50); // today's first
    const headline = await responseHeadline(admin, undefined, new Date("2026-10-27T12:00:00+01:00"));
    expect([headline.firstResponseToday, headline.firstResponseLast7Days]).toEqual([50, 300]);
    const empty = await makeCompany("Empty");
    expect(await responseHeadline({ ...admin, companyId: empty.id }, undefined)).toEqual({
      timezone: "UTC", firstResponseToday: null, firstResponseLast7Days: null, openNow: 0, unassignedNow: 0, longestWaitSince: null,
    });
  });
});

describe("the rollup rebuilt from the messages", () => {
  it("gives the hand-computed rows of the range back after they were lost or wrong, leaves other days alone, and again changes nothing", async () => {
    const names = new Map<string, string>();
    const kim = await customer("kim", "2026-11-23T10:00:00+01:00"); // Monday
    await echo("kim", "2026-11-23T10:05:00+01:00", { app_id: 1234567890, metadata: offerMetadata("01950000-0000-7000-8000-000000000000") });
    await echo("kim", "2026-11-23T10:10:00+01:00", { app_id: 5555 }); // a bot: not a reply
    await agentReplies(ann, kim, "2026-11-23T10:30:00+01:00");
    await customer("kim", "2026-11-23T11:00:00+01:00");
    await echo("kim", "2026-11-23T11:20:00+01:00", { app_id: Number(PAGE_INBOX_APP_ID) });
    await customer("kim", "2026-11-23T16:50:00+01:00");
    await setStatus(bob, kim, "done", "2026-11-24T09:10:00+01:00");
    await customer("kim", "2026-11-24T10:00:00+01:00"); // reopens
    const max = await customer("max", "2026-11-23T12:00:00+01:00");
    await setStatus(ann, max, "done", "2026-11-23T12:30:00+01:00");
    const lou = await customer("lou", "2026-11-25T10:00:00+01:00"); // Wednesday: outside the range
    await agentReplies(ann, lou, "2026-11-25T10:15:00+01:00");
    [[kim, "kim"], [max, "max"], [lou, "lou"]].forEach(([id, name]) => names.set(id!, name!));
    const rank = ["opened", "reply", "first_response", "unanswered", "done"];
    const all = async () =>
      (await db.responseEvent.findMany({ where: { companyId: ann.companyId! } }))
        .sort((a, b) => a.at.getTime() - b.at.getTime() || rank.indexOf(a.kind) - rank.indexOf(b.kind))
        .map((r) => `${names.get(r.conversationId)} ${r.kind} ${r.seconds} ${r.agentId === ann.id ? "ann" : r.agentId === bob.id ? "bob" : "-"} ${r.startedAt.toISOString()} ${r.wallSeconds}`);
    const live = await all();
    // By hand, 9:00–17:00 on weekdays: kim's second burst 16:50 → Tuesday 9:10 is 20 minutes, her episode
    // Monday 10:00 → Tuesday 9:10 is 7 h 10 min.
    expect(live.map((r) => r.split(" ").slice(0, 4).join(" "))).toEqual([
      "kim opened 0 -", "kim reply 1800 ann", "kim first_response 1800 ann", "kim reply 1200 -", "max opened 0 -", "max unanswered 1800 ann", "max done 1800 ann",
      "kim unanswered 1200 bob", "kim done 25800 bob", "kim opened 0 -",
      "lou opened 0 -", "lou reply 900 ann", "lou first_response 900 ann",
    ]);

    // A bug's damage: kim's rows but her done gone, one wrong row, max's rows all gone (his done survives on the conversation).
    await db.responseEvent.deleteMany({ where: { OR: [{ conversationId: kim, kind: { not: "done" } }, { conversationId: max }] } });
    await db.responseEvent.create({ data: { companyId: ann.companyId!, pageId: page.id, conversationId: kim, kind: "reply", startedAt: new Date("2026-11-23T09:00:00Z"), at: new Date("2026-11-23T09:01:00Z"), seconds: 60, wallSeconds: 60 } });
    const range = { companyId: ann.companyId!, from: "2026-11-23", to: "2026-11-24" };
    expect(await rebuildResponseEvents(range)).toEqual({ conversations: 3, deleted: 2, written: 10 });
    expect(await all()).toEqual(live);
    expect(await rebuildResponseEvents(range)).toEqual({ conversations: 3, deleted: 10, written: 10 });
    expect(await all()).toEqual(live);
  });
});

describe("the Reports API over the rollup", () => {
  async function scenario() {
    const owner = await makeUser("company_admin", ann.companyId, { name: "Olga" });
    const ned = await customer("ned", "2026-11-23T00:30:00+01:00"); // Sunday 23:30 UTC, Monday in Berlin; never answered
    const carla = await customer("carla", "2026-11-23T10:00:00+01:00");
    await agentReplies(ann, carla, "2026-11-23T10:30:00+01:00");
    await db.customerTag.create({ data: { pageId: page.id, customerId: (await db.conversation.findUniqueOrThrow({ where: { id: carla } })).customerId, conversationId: carla, name: "vip" } });
    const dan = await customer("dan", "2026-11-23T16:30:00+01:00");
    await echo("dan", "2026-11-24T09:15:00+01:00", { app_id: Number(PAGE_INBOX_APP_ID) });
    const ida = await customer("ida", "2026-11-23T10:00:00+01:00");
    await setStatus(ann, ida, "done", "2026-11-23T10:45:00+01:00");
    return { owner, token: await tokenFor(owner), ned, dan };
  }
  const report = (token: string, query: Record<string, string>) => call(reportRoute.GET, "GET", "/api/reports/responses", { token, query: { from: "2026-11-23", to: "2026-11-24", ...query } });

  it("totals, days of the company's calendar, people, and the response rate, by hand", async () => {
    const { token } = await scenario();
    const res = await report(token, {});
    expect(res.status).toBe(200);
    expect(res.body.timezone).toBe("Europe/Berlin");
    expect(res.body.totals).toEqual({
      opened: 4, done: 1, unanswered: 1, responseRate: 2 / 3,
      firstResponse: { count: 2, median: 2250, p90: 2610 },
      reply: { count: 2, median: 2250, p90: 2610 },
      resolution: { count: 1, median: 2700, p90: 2700 },
    });
    expect(res.body.days).toEqual([
      { day: "2026-11-23", opened: 4, done: 1, firstResponseMedian: 1800, replyMedian: 1800, resolutionMedian: 2700, responseRate: 0.5 },
      { day: "2026-11-24", opened: 0, done: 0, firstResponseMedian: 2700, replyMedian: 2700, resolutionMedian: null, responseRate: 1 },
    ]);
    expect(res.body.agents).toEqual([
      { agentId: ann.id, name: "Ann", replies: 1, replyMedian: 1800, firstResponses: 1, firstResponseMedian: 1800, done: 1 },
      { agentId: null, name: "Page Inbox", replies: 1, replyMedian: 2700, firstResponses: 1, firstResponseMedian: 2700, done: 0 },
    ]);
    expect(res.body.choices.labels).toEqual([]);
  });

  it("cuts by agent and by label; CSV has the same figures", async () => {
    const { token } = await scenario();
    const byAnn = (await report(token, { agentId: ann.id })).body;
    expect([byAnn.totals.reply.count, byAnn.totals.done, byAnn.totals.opened]).toEqual([1, 1, 4]);
    const vip = (await report(token, { label: "VIP" })).body;
    expect([vip.totals.opened, vip.totals.reply.count, vip.totals.reply.median]).toEqual([1, 1, 1800]);
    // call() reads JSON: the CSV through the handler itself.
    const raw = await (await reportRoute.GET(new Request("http://localhost/api/reports/responses?from=2026-11-23&to=2026-11-24&format=csv", { headers: { authorization: `Bearer ${token}` } }))).text();
    expect(raw).toContain("2026-11-23,4,1,1800,1800,2700,50.0\r\n");
    expect(raw).toContain("Page Inbox,1,2700,1,2700,0\r\n");
  });

  it("is for admins and company admins of their own pages; bad ranges are 400", async () => {
    const { token } = await scenario();
    expect((await report(await tokenFor({ id: ann.id }), {})).status).toBe(403);
    const other = await makeCompany("Other");
    const theirs = await makePage(other.id, [], "Theirs");
    expect((await report(token, { pageId: theirs.id })).status).toBe(404);
    expect((await report(token, { agentId: (await makeUser("staff", other.id)).id })).status).toBe(404);
    expect((await report(token, { from: "2026-11-24", to: "2026-11-23" })).body.fields.to).toBe("to must not be before from");
    expect((await report(token, { from: "2025-01-01", to: "2026-11-23" })).body.fields.to).toBe("A report covers at most 366 days");
    expect((await report(token, { from: "yesterday" })).status).toBe(400);
  });

  it("the dashboard's headline: today against the 7 days before, open, unassigned and the longest wait now", async () => {
    const { owner, ned } = await scenario();
    const actor: Actor = { id: owner.id, name: owner.name, email: owner.email, role: "company_admin", companyId: owner.companyId };
    const headline = await responseHeadline(actor, undefined, new Date("2026-11-24T12:00:00+01:00"));
    expect(headline).toEqual({
      timezone: "Europe/Berlin",
      firstResponseToday: 2700,
      firstResponseLast7Days: 1800,
      openNow: 3,
      unassignedNow: 3,
      longestWaitSince: (await db.conversation.findUniqueOrThrow({ where: { id: ned } })).waitingSince!.toISOString(),
    });
  });

  it("company admins set the zone and hours; a zone that does not exist is a 400", async () => {
    const { token } = await scenario();
    const put = (body: unknown, t = token) => call(hoursRoute.PUT, "PUT", "/api/reports/business-hours", { token: t, body });
    expect((await put({ timezone: "Asia/Tokyo", businessHours: { "1": [[540, 1080]] } })).body).toEqual({ timezone: "Asia/Tokyo", businessHours: { "1": [[540, 1080]] } });
    expect((await put({ timezone: "Mars/Olympus", businessHours: null })).body.fields.timezone).toBe("timezone must be an IANA time zone, like Europe/Berlin");
    expect((await put({ timezone: "UTC", businessHours: { "8": [[0, 60]] } })).status).toBe(400);
    expect((await put({ timezone: "UTC", businessHours: null }, await tokenFor({ id: ann.id }))).status).toBe(403);
    expect((await call(hoursRoute.GET, "GET", "/api/reports/business-hours", { token })).body).toEqual({ timezone: "Asia/Tokyo", businessHours: { "1": [[540, 1080]] } });
  });
});
