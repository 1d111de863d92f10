import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { db } from "@/server/db";
import type { Actor } from "@/server/services/auth/actor";
import { queue } from "@/server/queue/index";
import { firstRow } from "@/server/db/sql/run";
import { sql } from "kysely";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { recordOwnMessage } from "@/server/services/conversations/record-message";
import { setConversationStatus } from "@/server/services/conversations/set-status";
import { listRowsOf } from "@/server/services/conversations/list-rows";
import { wakeSnoozed } from "@/workers/conversations/wake-snoozed";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { call } from "./support/http";
import * as targetsRoute from "@/app/api/reports/targets/route";
import * as hoursRoute from "@/app/api/reports/business-hours/route";
import * as reportRoute from "@/app/api/reports/responses/route";
import { notifyBreaches } from "@/workers/conversations/notify-breaches";
import { mailbox } from "./support/per-file";
import { body } from "./support/webhook-post";
import { startGraphSimulator } from "./support/graph-sim";

// Response targets (docs/PRODUCT.md §13.3) against hand-computed due times, with the clock fixed by the
// events' own times: customers write through the ingest, agents reply through the send path's statement.
// Europe/Paris: CET = UTC+1; CEST = UTC+2 from 29 March 2026 02:00 to 25 October 2026 03:00.

const WEEKDAYS_9_TO_5 = Object.fromEntries(["1", "2", "3", "4", "5"].map((d) => [d, [[540, 1020]]]));

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
let admin: Actor & { token: string };
let seq = 0;
const psids = new Map<string, string>();

async function setUp(hours: object | null, targets: { first: number | null; next: number | null }, timezone = "Europe/Paris") {
  psids.clear();
  const company = await makeCompany("Acme");
  await db.company.update({ where: { id: company.id }, data: { timezone, businessHours: hours ?? undefined, firstResponseTargetMinutes: targets.first, nextResponseTargetMinutes: targets.next } });
  const a = await makeUser("staff", company.id, { name: "Ann" });
  const boss = await makeUser("company_admin", company.id, { name: "Boss" });
  page = await makePage(company.id, [a.id], "Shoes");
  ann = { id: a.id, name: a.name, email: a.email, role: "staff", companyId: company.id };
  admin = { id: boss.id, name: boss.name, email: boss.email, role: "company_admin", companyId: company.id, token: await tokenFor(boss) };
}

beforeEach(async () => {
  await setUp(WEEKDAYS_9_TO_5, { first: 60, next: 30 });
});

const psidOf = (name: string) => {
  if (!psids.has(name)) psids.set(name, String(7_100_000_000_000_000 + psids.size * 7919 + Math.floor(Math.random() * 1000)));
  return psids.get(name)!;
};
const mid = () => `m_targets_${++seq}_${Math.random().toString(36).slice(2)}`;

async function customer(name: string, at: string) {
  const item = { sender: { id: psidOf(name) }, recipient: { id: page.facebookPageId }, timestamp: Date.parse(at), message: { mid: mid(), text: "Hello?" } };
  await db.webhookEvent.create({ data: { payload: JSON.parse(body(page.facebookPageId, item)) } });
  await processPendingWebhookEvents();
  return (await db.conversation.findFirstOrThrow({ where: { customer: { psid: psidOf(name) } } })).id;
}

async function agentReplies(conversationId: string, at: string) {
  await recordOwnMessage({
    conversationId, mid: mid(), direction: "outbound", senderId: page.facebookPageId, authorId: ann.id, isEcho: false, sendStatus: "sent", createdTime: new Date(at),
    text: "On it", stickerUrl: null, attachments: [], isImage: false, kind: "text", payload: null, replyToMid: null, referral: null, deletedAt: null, preview: null, countsAsInbound: false,
  });
}

const dueOf = async (id: string) => (await db.conversation.findUniqueOrThrow({ where: { id } })).responseDueAt?.toISOString() ?? null;
const iso = (at: string) => new Date(at).toISOString();

async function deadline(tz: string, hours: object | null, t0: string, minutes: number) {
  const row = await firstRow(sql<{ at: Date | null }>`SELECT business_deadline(${tz}, ${hours === null ? null : JSON.stringify(hours)}::jsonb, ${new Date(t0)}::timestamptz, ${minutes}::int) AS at`);
  return row!.at?.toISOString() ?? null;
}

describe("business_deadline: the due time in business minutes", () => {
  it("pauses outside the hours: Friday 16:30 + 60 min is Monday 09:30", async () => {
    expect(await deadline("Europe/Paris", WEEKDAYS_9_TO_5, "2026-11-27T16:30:00+01:00", 60)).toBe(iso("2026-11-30T09:30:00+01:00"));
    // Before opening: the clock starts at 09:00.
    expect(await deadline("Europe/Paris", WEEKDAYS_9_TO_5, "2026-11-30T07:00:00+01:00", 45)).toBe(iso("2026-11-30T09:45:00+01:00"));
  });

  it("hours across midnight (22:00–02:00): 23:30 + 3 h is 02:00 + the next night's 30 min", async () => {
    const nights = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [[1320, 120]]]));
    expect(await deadline("Europe/Paris", nights, "2026-11-23T23:30:00+01:00", 180)).toBe(iso("2026-11-24T22:30:00+01:00"));
    // 01:00, inside the window opened the day before.
    expect(await deadline("Europe/Paris", nights, "2026-11-24T01:00:00+01:00", 30)).toBe(iso("2026-11-24T01:30:00+01:00"));
  });

  it("across the DST changes: the clocks' lost and gained hour count as the wall clock says", async () => {
    const always = Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((d) => [d, [[0, 1440]]]));
    // Sunday 29 March 2026: 01:30 CET + 60 min is 03:30 CEST (02:00–03:00 does not exist).
    expect(await deadline("Europe/Paris", always, "2026-03-29T01:30:00+01:00", 60)).toBe(iso("2026-03-29T03:30:00+02:00"));
    // Sunday 25 October 2026: 02:30 CEST + 60 min is 02:30 CET (the hour is lived twice).
    expect(await deadline("Europe/Paris", always, "2026-10-25T02:30:00+02:00", 60)).toBe(iso("2026-10-25T02:30:00+01:00"));
    // A Saturday 17:00 wait on a 9-to-5 weekday desk: due Monday 09:30 in CEST, after the weekend of the change.
    expect(await deadline("Europe/Paris", WEEKDAYS_9_TO_5, "2026-03-28T17:00:00+01:00", 30)).toBe(iso("2026-03-30T09:30:00+02:00"));
  });

  it("agrees with business_seconds, and has no due time without a target or without any window", async () => {
    const at = await deadline("Europe/Paris", WEEKDAYS_9_TO_5, "2026-10-23T16:10:00+02:00", 125);
    const back = await firstRow(sql<{ s: number }>`SELECT business_seconds('Europe/Paris', ${JSON.stringify(WEEKDAYS_9_TO_5)}::jsonb, ${new Date("2026-10-23T16:10:00+02:00")}::timestamptz, ${new Date(at!)}::timestamptz) AS s`);
    expect(back!.s).toBe(125 * 60);
    expect(await deadline("UTC", null, "2026-11-23T10:00:00Z", 90)).toBe("2026-11-23T11:30:00.000Z");
    expect(await deadline("UTC", {}, "2026-11-23T10:00:00Z", 90)).toBeNull();
    expect(await firstRow(sql<{ at: Date | null }>`SELECT business_deadline('UTC', NULL, now(), NULL) AS at`)).toEqual({ at: null });
  });
});

describe("responseDueAt follows the waiting customer", () => {
  it("first target from the episode's start, next target after a reply; cleared when answered", async () => {
    const id = await customer("carla", "2026-11-23T16:30:00+01:00"); // Monday
    expect(await dueOf(id)).toBe(iso("2026-11-24T09:30:00+01:00")); // 30 min today, 30 tomorrow
    await customer("carla", "2026-11-23T16:45:00+01:00"); // the same burst: due unchanged
    expect(await dueOf(id)).toBe(iso("2026-11-24T09:30:00+01:00"));
    await agentReplies(id, "2026-11-24T09:10:00+01:00");
    expect(await dueOf(id)).toBeNull();
    await customer("carla", "2026-11-24T10:00:00+01:00");
    expect(await dueOf(id)).toBe(iso("2026-11-24T10:30:00+01:00")); // next response target: 30 min
  });

  it("cleared when done or snoozed; back when the snooze ends, from when the wait started", async () => {
    const id = await customer("dan", "2026-11-23T10:00:00+01:00");
    await setConversationStatus(ann, { conversationIds: [id], status: "snoozed", snoozeUntil: "2026-11-23T10:20:00+01:00" }, new Date("2026-11-23T10:05:00+01:00"));
    expect(await dueOf(id)).toBeNull();
    await wakeSnoozed(new Date("2026-11-23T10:20:00+01:00"));
    expect(await dueOf(id)).toBe(iso("2026-11-23T11:00:00+01:00"));
    await setConversationStatus(ann, { conversationIds: [id], status: "done" }, new Date("2026-11-23T10:30:00+01:00"));
    expect(await dueOf(id)).toBeNull();
  });

  it("no target, no due time; setting targets or hours recomputes the waiting conversations", async () => {
    await setUp(WEEKDAYS_9_TO_5, { first: null, next: null });
    const id = await customer("eve", "2026-11-23T16:00:00+01:00");
    expect(await dueOf(id)).toBeNull();
    const put = await call(targetsRoute.PUT, "PUT", "/api/reports/targets", { token: admin.token, body: { firstResponseTargetMinutes: 120, nextResponseTargetMinutes: 15, breachEmail: true } });
    expect(put.status).toBe(200);
    expect(await dueOf(id)).toBe(iso("2026-11-24T10:00:00+01:00"));
    const hours = await call(hoursRoute.PUT, "PUT", "/api/reports/business-hours", { token: admin.token, body: { timezone: "Europe/Paris", businessHours: null } });
    expect(hours.status).toBe(200);
    expect(await dueOf(id)).toBe(iso("2026-11-23T18:00:00+01:00"));
    const audit = await db.auditEntry.findMany({ where: { companyId: admin.companyId!, action: "company.targets_changed" } });
    expect(audit.map((a) => a.details)).toEqual([{ from: { firstResponseTargetMinutes: null, nextResponseTargetMinutes: null, breachEmail: false }, to: { firstResponseTargetMinutes: 120, nextResponseTargetMinutes: 15, breachEmail: true } }]);
  });

  it("only company admins set targets; the values are checked", async () => {
    const staffToken = await tokenFor({ id: ann.id });
    const body = { firstResponseTargetMinutes: 60, nextResponseTargetMinutes: null, breachEmail: false };
    expect((await call(targetsRoute.PUT, "PUT", "/api/reports/targets", { token: staffToken, body })).status).toBe(403);
    const bad = await call(targetsRoute.PUT, "PUT", "/api/reports/targets", { token: admin.token, body: { ...body, firstResponseTargetMinutes: 0 } });
    expect([bad.status, JSON.stringify(bad.body)]).toEqual([400, expect.stringContaining("at least 1 minute")]);
    const got = await call(targetsRoute.GET, "GET", "/api/reports/targets", { token: admin.token });
    expect(got.body).toEqual({ firstResponseTargetMinutes: 60, nextResponseTargetMinutes: 30, breachEmail: false });
  });
});

describe("the Breaching soon view", () => {
  it("lists open conversations due within a quarter of their target or overdue, soonest first", async () => {
    await setUp(null, { first: 60, next: 20 }, "UTC");
    const late = await customer("late", "2026-11-23T09:00:00Z"); // due 10:00: overdue at 10:10
    const soon = await customer("soon", "2026-11-23T09:20:00Z"); // due 10:20: 10 min left of 60 → amber
    const fine = await customer("fine", "2026-11-23T09:40:00Z"); // due 10:40: 30 min left → not listed
    const next = await customer("next", "2026-11-23T08:00:00Z");
    await agentReplies(next, "2026-11-23T08:01:00Z");
    await customer("next", "2026-11-23T09:53:00Z"); // next target 20: due 10:13, 3 min left of 20 → listed
    const base = { isSpam: false, isImportant: false, tags: [], assigneeId: undefined, cursor: null, offset: 0, take: 10 };
    const rows = await listRowsOf(page, { ...base, dueAt: new Date("2026-11-23T10:10:00Z") });
    expect(rows.map((r) => r.id)).toEqual([late, next, soon]);
    expect(rows.map((r) => r.id)).not.toContain(fine);
    expect(rows[1]!.firstReplyDue).toBe(false);
  });
});

describe("% of targets met in the report", () => {
  it("per agent, Page and channel, against the current targets, in business time", async () => {
    // First 60, next 30; 9–17 on weekdays.
    const a = await customer("amy", "2026-11-23T16:30:00+01:00"); // answered 09:20 next day: 50 business min → met
    await agentReplies(a, "2026-11-24T09:20:00+01:00");
    await customer("amy", "2026-11-24T10:00:00+01:00");
    await agentReplies(a, "2026-11-24T10:45:00+01:00"); // next: 45 min > 30 → missed
    const b = await customer("ben", "2026-11-24T11:00:00+01:00");
    await agentReplies(b, "2026-11-24T12:30:00+01:00"); // first: 90 > 60 → missed
    await customer("ben", "2026-11-24T13:00:00+01:00");
    await agentReplies(b, "2026-11-24T13:20:00+01:00"); // next: 20 ≤ 30 → met
    const res = await call(reportRoute.GET, "GET", "/api/reports/responses", { token: admin.token, query: { from: "2026-11-23", to: "2026-11-24" } });
    expect(res.status).toBe(200);
    const targets = (res.body as { targets: { first: number; next: number; all: object; rows: object[] } }).targets;
    expect(targets.first).toBe(60);
    expect(targets.all).toEqual({ firstResponse: { count: 2, met: 1 }, reply: { count: 2, met: 1 } });
    expect(targets.rows).toEqual([
      { kind: "agent", id: ann.id, name: "Ann", firstResponse: { count: 2, met: 1 }, reply: { count: 2, met: 1 } },
      { kind: "page", id: page.id, name: "Shoes", firstResponse: { count: 2, met: 1 }, reply: { count: 2, met: 1 } },
      { kind: "channel", id: "messenger", name: "Messenger", firstResponse: { count: 2, met: 1 }, reply: { count: 2, met: 1 } },
    ]);
    // The current target counts: at 90 minutes both first responses met it.
    await call(targetsRoute.PUT, "PUT", "/api/reports/targets", { token: admin.token, body: { firstResponseTargetMinutes: 90, nextResponseTargetMinutes: 30, breachEmail: false } });
    const again = await call(reportRoute.GET, "GET", "/api/reports/responses", { token: admin.token, query: { from: "2026-11-23", to: "2026-11-24" } });
    expect((again.body as { targets: { all: object } }).targets.all).toEqual({ firstResponse: { count: 2, met: 2 }, reply: { count: 2, met: 1 } });
  });
});

describe("breach e-mails", () => {
  it("one e-mail to the company admins per missed target, even with two sweeps at once; none when switched off", async () => {
    await setUp(null, { first: 60, next: 30 }, "UTC");
    const id = await customer("carl", "2026-11-23T09:00:00Z"); // due 10:00
    expect(await notifyBreaches(new Date("2026-11-23T09:59:00Z"))).toBe(0);
    await db.company.update({ where: { id: admin.companyId! }, data: { breachEmail: true } });
    const sweeps = await Promise.all([notifyBreaches(new Date("2026-11-23T10:01:00Z")), notifyBreaches(new Date("2026-11-23T10:01:00Z"))]);
    expect(sweeps.sort()).toEqual([0, 1]);
    expect(await notifyBreaches(new Date("2026-11-23T10:02:00Z"))).toBe(0);
    await expect.poll(() => mailbox.mailsTo(admin.email).length).toBe(1);
    expect(mailbox.mailsTo(ann.email)).toHaveLength(0); // staff are not e-mailed
    const text = mailbox.mailsTo(admin.email)[0]!.raw.replace(/=\r?\n/g, "");
    expect(text).toMatch(/^Subject: .* is waiting past the response target/m);
    expect(text).toContain("on Shoes: first response was due 2026-11-23T10:00:00.000Z");
    // Answered, then a new wait that misses its (next) target: a new e-mail.
    await agentReplies(id, "2026-11-23T10:05:00Z");
    await customer("carl", "2026-11-23T11:00:00Z"); // due 11:30
    expect(await notifyBreaches(new Date("2026-11-23T11:31:00Z"))).toBe(1);
    await expect.poll(() => mailbox.mailsTo(admin.email).length).toBe(2);
    // A miss older than the look-back (a target set late, a worker long down) is not e-mailed.
    await customer("dora", "2026-11-23T08:00:00Z"); // due 09:00
    expect(await notifyBreaches(new Date("2026-11-23T11:32:00Z"))).toBe(0);
  });
});
