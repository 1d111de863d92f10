import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // This file's own BullMQ queue: other test runs share the Redis server.
  process.env.QUEUE_PREFIX = `offers-worker-${process.pid}`;
});

import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { encryptSecret } from "@/server/security/secret-box";
import { queue } from "@/server/queue/index";
import { publishToRooms } from "@/server/realtime/emit";
import { offersRoom, pageRoom } from "@/server/realtime/room-names";
import { confirmOfferEcho, offerMetadata } from "@/server/services/offers/confirm-echo";
import { RECIPIENT_REASONS, OFFER_REASONS } from "@/server/services/offers/reasons";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import { runOffer } from "@/workers/offers/run-offer";
import { acquireLease, leaseKey } from "@/workers/offers/lease";
import { resumeStalledOffers } from "@/workers/offers/watchdog";
import * as pauseRoute from "@/app/api/offers/[id]/pause/route";
import * as resumeRoute from "@/app/api/offers/[id]/resume/route";
import { startAppServer } from "./support/app-server";
import { eventually, openSocket, simPost } from "./support/channel";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { JOBS } from "@/server/queue/jobs";

// The send-offer job in this process against the Messenger simulator: who is targeted, the 24 h window,
// every mapped Graph error, progress numbers and events, image upload once, pause/resume, the echo rule.

const FB_PAGE = "310000000000001";
const PAGE_TOKEN = "PAGE_TOKEN_offers_worker_tests_0001";
const HOUR = 60 * 60 * 1000;

let sim: Simulator;
let app: Awaited<ReturnType<typeof startAppServer>>;
let companyId: string;
let pageId: string;
let adminToken: string;

/** The simulator's echoes come here; this stands in for the webhook ingest calling confirmOfferEcho. */
async function echoReceiver(request: Request): Promise<Response> {
  const body = (await request.json()) as { entry?: { messaging?: { message?: { is_echo?: boolean; mid: string; metadata?: string } }[] }[] };
  for (const entry of body.entry ?? []) for (const item of entry.messaging ?? []) if (item.message?.is_echo) await confirmOfferEcho(item.message.metadata, item.message.mid);
  return new Response("EVENT_RECEIVED");
}

beforeEach(async () => {
  const company = await makeCompany("Offers Co");
  companyId = company.id;
  const admin = await makeUser("company_admin", company.id, { name: "Ada Admin" });
  adminToken = await tokenFor(admin);
  const page = await db.page.create({ data: { companyId, name: "Offers Page", facebookPageId: FB_PAGE, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
  pageId = page.id;
  app = await startAppServer({ "/webhook": { POST: echoReceiver } });
  sim = await createSimulator({
    port: Number(new URL(process.env.GRAPH_API_URL!).port),
    webhookUrl: `${app.url}/webhook`,
    appSecret: process.env.META_APP_SECRET,
    echoDelayMs: 1,
    sendDeliveries: false,
    pages: [{ pageId: FB_PAGE, name: "Offers Page", accessToken: PAGE_TOKEN }],
  });
});

afterEach(async () => {
  await sim.close();
  await app.close();
});

type Person = { tags?: string[]; inside?: boolean; simInside?: boolean; name?: string; spam?: boolean };

/** People on the page, in our database and in the simulator; `inside` = wrote within 24 h. */
async function people(specs: Person[]): Promise<string[]> {
  const now = Date.now();
  const psids: string[] = [];
  for (const [i, spec] of specs.entries()) {
    const psid = String(8_100_000_000_000_000 + Math.floor(Math.random() * 1e12) + i);
    const lastInboundAt = new Date(now - (spec.inside === false ? 30 * HOUR : HOUR));
    const customerId = randomUUID();
    const conversationId = randomUUID();
    await db.customer.create({ data: { id: customerId, pageId, psid, name: spec.name ?? `Person ${i}` } });
    await db.conversation.create({ data: { id: conversationId, pageId, customerId, lastInboundAt, lastMessageAt: lastInboundAt, isSpam: spec.spam ?? false } });
    for (const tag of spec.tags ?? []) await db.customerTag.create({ data: { pageId, customerId, conversationId, name: tag } });
    const simAt = spec.simInside === false || (spec.simInside === undefined && spec.inside === false) ? now - 30 * HOUR : now - HOUR;
    sim.state.customers.set(`${FB_PAGE}:${psid}`, { pageId: FB_PAGE, psid, firstName: "P", lastName: String(i), profileError: false, lastMessageAt: simAt, createdAt: now });
    psids.push(psid);
  }
  return psids;
}

async function offer(data: { tags?: string[]; exclude?: boolean; includeSpam?: boolean; type?: "text" | "image"; message?: string; imageUrl?: string } = {}) {
  return db.offer.create({
    data: {
      companyId,
      pageId,
      createdByName: "Ada Admin",
      type: data.type ?? "text",
      message: data.type === "image" ? null : (data.message ?? "20% off today"),
      imageUrl: data.imageUrl ?? null,
      tags: data.tags ?? [],
      exclude: data.exclude ?? false,
      includeSpam: data.includeSpam ?? false,
    },
  });
}

const sentTo = (psid?: string) => sim.state.sent.filter((s) => !psid || s.psid === psid);
const ledger = (offerId: string) => db.offerRecipient.findMany({ where: { offerId }, include: { customer: true } });
const statusOf = async (offerId: string, psid: string) => (await ledger(offerId)).find((r) => r.customer.psid === psid);

describe("recipients", () => {
  it("with tags: people with any of them; with exclude: everyone without them; no tags: everyone", async () => {
    const [vip, vipLead, lead, none] = await people([{ tags: ["vip"] }, { tags: ["vip", "lead"] }, { tags: ["lead"] }, {}]);
    const include = await offer({ tags: ["vip"] });
    const exclude = await offer({ tags: ["vip"], exclude: true });
    const everyone = await offer();
    for (const o of [include, exclude, everyone]) expect(await runOffer(o.id)).toBe("completed");

    const psidsOf = async (id: string) => (await ledger(id)).map((r) => r.customer.psid).sort();
    expect(await psidsOf(include.id)).toEqual([vip, vipLead].sort());
    expect(await psidsOf(exclude.id)).toEqual([lead, none].sort());
    expect(await psidsOf(everyone.id)).toEqual([vip, vipLead, lead, none].sort());
    // Each person got each offer they were targeted by exactly once: 2 + 2 + 4.
    expect(sentTo()).toHaveLength(8);
    expect(sentTo(vip)).toHaveLength(2);
    expect(sentTo(none)).toHaveLength(2);
  });

  it("sends UPDATE, never a tag, and carries the ledger row in the metadata", async () => {
    const [psid] = await people([{}]);
    const o = await offer({ message: "Weekend sale" });
    await runOffer(o.id);
    const [sent] = sentTo(psid);
    const row = await statusOf(o.id, psid!);
    expect(sent).toMatchObject({ messagingType: "UPDATE", content: { text: "Weekend sale", metadata: offerMetadata(row!.id) } });
    expect(sent!.tag).toBeUndefined();
    expect(row).toMatchObject({ status: "sent", messageId: sent!.mid, attempts: 1 });
  });

  it("people outside the 24 h window are recorded skipped and never sent to", async () => {
    const [inside, outside] = await people([{ inside: true }, { inside: false }]);
    const o = await offer();
    await runOffer(o.id);
    expect(sentTo(outside)).toHaveLength(0);
    expect(sentTo(inside)).toHaveLength(1);
    expect(await statusOf(o.id, outside!)).toMatchObject({ status: "skipped", reason: "outside 24h window", attempts: 0 });
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ status: "completed", targetCount: 2, sentCount: 1, skippedCount: 1, failedCount: 0 });
  });

  it("people marked spam are recorded skipped 'marked as spam' unless the offer includes spam", async () => {
    const [clean, spam] = await people([{}, { spam: true }]);
    const o = await offer();
    expect(await runOffer(o.id)).toBe("completed");
    expect(sentTo(spam)).toHaveLength(0);
    expect(await statusOf(o.id, spam!)).toMatchObject({ status: "skipped", reason: RECIPIENT_REASONS.markedSpam, attempts: 0 });
    expect(RECIPIENT_REASONS.markedSpam).toBe("marked as spam");
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ targetCount: 2, sentCount: 1, skippedCount: 1 });

    const withSpam = await offer({ includeSpam: true });
    expect(await runOffer(withSpam.id)).toBe("completed");
    expect(await statusOf(withSpam.id, spam!)).toMatchObject({ status: "sent" });
    expect(sentTo(spam)).toHaveLength(1);
    expect(sentTo(clean)).toHaveLength(2);
  });

  it("the recipient list is fixed when the job starts: a second run adds nobody and sends nothing", async () => {
    await people([{}, {}]);
    const o = await offer();
    await runOffer(o.id);
    await people([{}]);
    await db.offer.update({ where: { id: o.id }, data: { status: "running" } });
    expect(await runOffer(o.id)).toBe("completed");
    expect(await ledger(o.id)).toHaveLength(2);
    expect(sentTo()).toHaveLength(2);
  });
});

describe("Graph errors", () => {
  const inject = (body: Record<string, unknown>) => simPost(sim, "/sim/errors", { pageId: FB_PAGE, ...body });

  it("551 → skipped 'person unavailable'; others still receive it", async () => {
    const [a, b] = await people([{}, {}]);
    await inject({ psid: a, code: 551 });
    const o = await offer();
    expect(await runOffer(o.id)).toBe("completed");
    expect(await statusOf(o.id, a!)).toMatchObject({ status: "skipped", reason: RECIPIENT_REASONS.personUnavailable });
    expect(await statusOf(o.id, b!)).toMatchObject({ status: "sent" });
  });

  it("Meta's outside-window answer (10/2018278) → skipped 'outside 24h window'", async () => {
    // Our database thinks the window is open; Meta knows better.
    const [psid] = await people([{ inside: true, simInside: false }]);
    const o = await offer();
    await runOffer(o.id);
    expect(await statusOf(o.id, psid!)).toMatchObject({ status: "skipped", reason: "outside 24h window" });
    expect(sentTo(psid)).toHaveLength(0);
  });

  it("190 → the offer pauses with a reason, the page needs a token, nobody is lost; resume continues after a new token", async () => {
    const [a, b] = await people([{}, {}]);
    await inject({ code: 190 });
    const o = await offer();
    expect(await runOffer(o.id)).toBe("paused");
    const paused = await db.offer.findUniqueOrThrow({ where: { id: o.id } });
    expect(paused).toMatchObject({ status: "paused", statusReason: OFFER_REASONS.tokenInvalid });
    expect(await db.page.findUniqueOrThrow({ where: { id: pageId } })).toMatchObject({ tokenStatus: "needs_token" });
    expect((await ledger(o.id)).map((r) => r.status)).toEqual(["pending", "pending"]);

    const refused = await call(resumeRoute.POST, "POST", `/api/offers/${o.id}/resume`, { token: adminToken, params: { id: o.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe(OFFER_REASONS.tokenInvalid);

    await db.page.update({ where: { id: pageId }, data: { tokenStatus: "valid", tokenErrorAt: null } });
    const resumed = await call(resumeRoute.POST, "POST", `/api/offers/${o.id}/resume`, { token: adminToken, params: { id: o.id } });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: "running", statusReason: null });
    expect((await queue().getJobs(["waiting"])).some((j) => j.name === JOBS.sendOffer.name && j.data.offerId === o.id)).toBe(true);
    expect(await runOffer(o.id)).toBe("completed");
    expect(sentTo(a)).toHaveLength(1);
    expect(sentTo(b)).toHaveLength(1);
  });

  it("613 → the page backs off and the same person is sent once afterwards", async () => {
    const [psid] = await people([{}]);
    await inject({ code: 613, count: 2 });
    const o = await offer();
    const started = Date.now();
    expect(await runOffer(o.id)).toBe("completed");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900); // 1 s then 2 s of back-off
    expect(sentTo(psid)).toHaveLength(1);
    expect(await statusOf(o.id, psid!)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it.each([4, 17, 32])("(#%i) is a rate limit too", async (code) => {
    const [psid] = await people([{}]);
    await inject({ code });
    const o = await offer();
    await runOffer(o.id);
    expect(await statusOf(o.id, psid!)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a temporary error (2, 1200) is retried; three in a row fail that person", async () => {
    const [once, thrice, after] = await people([{}, {}, {}]);
    await inject({ psid: once, code: 2 });
    await inject({ psid: thrice, code: 1200, count: 3 });
    const o = await offer();
    expect(await runOffer(o.id)).toBe("completed");
    expect(await statusOf(o.id, once!)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await statusOf(o.id, thrice!)).toMatchObject({ status: "failed", reason: RECIPIENT_REASONS.transient, attempts: 3 });
    expect(sentTo(thrice)).toHaveLength(0);
    expect(await statusOf(o.id, after!)).toMatchObject({ status: "sent" });
  });

  it("any other refusal (100) fails that person with Facebook's message", async () => {
    const [psid] = await people([{}]);
    await inject({ psid, code: 100, subcode: 2018001, message: "(#100) No matching user found" });
    const o = await offer();
    await runOffer(o.id);
    expect(await statusOf(o.id, psid!)).toMatchObject({ status: "failed", reason: "Facebook refused: (#100) No matching user found" });
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ status: "completed", failedCount: 1 });
  });

  it("no answer and Facebook unreachable → failed, never retried; five in a row pause the offer", async () => {
    await people([{}, {}, {}, {}, {}, {}, {}]);
    const o = await offer();
    await sim.close(); // Facebook unreachable: connection refused, and its record of the thread unreadable
    expect(await runOffer(o.id)).toBe("paused");
    const rows = await ledger(o.id);
    expect(rows.filter((r) => r.status === "failed" && r.reason === RECIPIENT_REASONS.noAnswer)).toHaveLength(5);
    expect(rows.filter((r) => r.status === "pending")).toHaveLength(2);
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ status: "paused", statusReason: OFFER_REASONS.noAnswer, failedCount: 5 });
    sim = await createSimulator({ port: Number(new URL(process.env.GRAPH_API_URL!).port), webhookUrl: "", appSecret: process.env.META_APP_SECRET });
  }, 30_000);

  it("an answer lost after Facebook sent it → the thread shows it: sent with Meta's id, not sent again", async () => {
    const [lost, next] = await people([{}, {}]);
    await simPost(sim, "/sim/lose-answers", { psid: lost });
    const o = await offer({ message: "Lost answer sale" });
    expect(await runOffer(o.id)).toBe("completed");
    expect(sentTo(lost)).toHaveLength(1);
    expect(await statusOf(o.id, lost!)).toMatchObject({ status: "sent", messageId: sentTo(lost)[0]!.mid, attempts: 1 });
    expect(await statusOf(o.id, next!)).toMatchObject({ status: "sent" });
  });

  it("an answer lost before Facebook took it → not in the thread: sent again, once", async () => {
    const [psid] = await people([{}]);
    await simPost(sim, "/sim/lose-answers", { psid, when: "before-send" });
    const o = await offer({ message: "Retry sale" });
    expect(await runOffer(o.id)).toBe("completed");
    expect(sentTo(psid)).toHaveLength(1);
    expect(await statusOf(o.id, psid!)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("progress", () => {
  it("counts sent, skipped and failed from the ledger and emits offer-progress to admins following the page", async () => {
    const socket = await openSocket(app.url, adminToken);
    try {
      const [unavailable, refused] = await people([{}, {}, {}, {}, {}, { inside: false }, { inside: false }]);
      await simPost(sim, "/sim/errors", { psid: unavailable, code: 551 });
      await simPost(sim, "/sim/errors", { psid: refused, code: 100 });
      expect(await socket.emit("join-offers", { pageId })).toEqual({ ok: true });
      const o = await offer();
      await runOffer(o.id);

      const final = await db.offer.findUniqueOrThrow({ where: { id: o.id } });
      expect(final).toMatchObject({ status: "completed", targetCount: 7, sentCount: 3, skippedCount: 3, failedCount: 1 });
      const events = await eventually(
        () => socket.events.filter((e) => e.name === "offer-progress").map((e) => e.payload as Record<string, unknown>),
        (list) => list.some((e) => e.status === "completed"),
      );
      expect(events.at(-1)).toMatchObject({ offerId: o.id, pageId, status: "completed", count: 7, sentCount: 3, messagesCount: 3, skippedCount: 3, failedCount: 1, percent: 100 });
      // Counts never go backwards along the way.
      const sent = events.map((e) => e.sentCount as number);
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
    } finally {
      socket.close();
    }
  });

  it("only company admins and admins may follow a page's offers, and only on pages they see", async () => {
    const staff = await makeUser("staff", companyId);
    await db.pageAssignment.create({ data: { userId: staff.id, pageId } });
    const staffSocket = await openSocket(app.url, await tokenFor(staff));
    const otherCompany = await makeCompany("Elsewhere Co");
    const outsider = await openSocket(app.url, await tokenFor(await makeUser("company_admin", otherCompany.id)));
    try {
      expect(await staffSocket.emit("join-page", { pageId })).toMatchObject({ ok: true });
      expect(await staffSocket.emit("join-offers", { pageId })).toMatchObject({ ok: false });
      expect(await outsider.emit("join-offers", { pageId })).toMatchObject({ ok: false });
      await people([{}]);
      await runOffer((await offer()).id);
      await new Promise((r) => setTimeout(r, 200));
      expect(staffSocket.events.filter((e) => e.name === "offer-progress")).toHaveLength(0);
      expect(outsider.events.filter((e) => e.name === "offer-progress")).toHaveLength(0);
    } finally {
      staffSocket.close();
      outsider.close();
    }
  });

  it("the worker's Redis path reaches sockets through the Socket.IO adapter, once per socket", async () => {
    const socket = await openSocket(app.url, adminToken);
    try {
      expect(await socket.emit("join-offers", { pageId })).toEqual({ ok: true });
      expect(await socket.emit("join-page", { pageId })).toMatchObject({ ok: true });
      // A socket in both rooms gets one copy.
      publishToRooms([offersRoom(pageId), pageRoom(pageId)], "offer-progress", { offerId: "both" } as never);
      await eventually(() => socket.events.filter((e) => e.name === "offer-progress").length, (n) => n > 0);
      const payload = { offerId: "x", sentCount: 3, percent: 12.5, status: "running", note: "é✓", big: 70_000, neg: -5, at: new Date(0), list: Array.from({ length: 20 }, (_, i) => i) };
      publishToRooms([offersRoom(pageId)], "offer-progress", payload as never);
      const got = await eventually(() => socket.events.find((e) => e.name === "offer-progress" && (e.payload as { offerId: string }).offerId === "x"), Boolean);
      expect(socket.events.filter((e) => (e.payload as { offerId?: string } | undefined)?.offerId === "both")).toHaveLength(1);
      expect(got?.payload).toEqual({ ...payload, at: "1970-01-01T00:00:00.000Z" });
    } finally {
      socket.close();
    }
  });
});

describe("image offers", () => {
  it("upload the image once and send its attachment id to everyone", async () => {
    await people([{}, {}, {}]);
    const o = await offer({ type: "image", imageUrl: "https://cdn.example.com/offer.png" });
    expect(await runOffer(o.id)).toBe("completed");
    expect(sim.state.attachments.size).toBe(1);
    const [attachmentId] = [...sim.state.attachments.keys()];
    expect((await db.offer.findUniqueOrThrow({ where: { id: o.id } })).attachmentId).toBe(attachmentId);
    expect(sentTo()).toHaveLength(3);
    for (const s of sentTo()) expect(s.message).toMatchObject({ attachment: { type: "image", payload: { attachment_id: attachmentId } } });
  });
});

describe("pause, resume and the resume rule", () => {
  it("an admin's pause stops the run within a second; resume finishes without sending anyone twice", async () => {
    const psids = await people(Array.from({ length: 60 }, () => ({})));
    const o = await offer();
    const run = runOffer(o.id);
    await eventually(() => sentTo().length, (n) => n >= 10);
    const paused = await call(pauseRoute.POST, "POST", `/api/offers/${o.id}/pause`, { token: adminToken, params: { id: o.id } });
    expect(paused.body).toMatchObject({ status: "paused", statusReason: "Paused by Ada Admin" });
    expect(await run).toBe("halted-by-status");
    const atPause = sentTo().length;
    expect(atPause).toBeLessThan(60);

    await call(resumeRoute.POST, "POST", `/api/offers/${o.id}/resume`, { token: adminToken, params: { id: o.id } });
    expect(await runOffer(o.id)).toBe("completed");
    for (const psid of psids) expect(sentTo(psid)).toHaveLength(1);
  });

  /** A first run resolved the list and died with these people claimed (their calls' fate unknown). */
  async function deadRunLeft(o: { id: string }, claimedPsids: string[], pendingPsids: string[], claimedAt: Date) {
    await db.offer.update({ where: { id: o.id }, data: { status: "running", startedAt: new Date() } });
    const customers = await db.customer.findMany({ where: { psid: { in: [...claimedPsids, ...pendingPsids] } } });
    const idOf = (psid: string) => customers.find((c) => c.psid === psid)!.id;
    const rows = [];
    for (const psid of claimedPsids) rows.push(await db.offerRecipient.create({ data: { offerId: o.id, customerId: idOf(psid), status: "claimed", claimedAt, attempts: 1 } }));
    for (const psid of pendingPsids) await db.offerRecipient.create({ data: { offerId: o.id, customerId: idOf(psid) } });
    return rows;
  }

  it("rows a dead run left claimed: Facebook's thread decides — arrived → sent, not there → sent now, once", async () => {
    const [arrived, missing, pending] = await people([{}, {}, {}]);
    const o = await offer({ message: "Flash sale" });
    const claimedAt = new Date(Date.now() - 10_000);
    const [arrivedRow] = await deadRunLeft(o, [arrived!, missing!], [pending!], claimedAt);
    // The dead run's call for `arrived` reached Facebook (its echo never came); the one for `missing` did not.
    sim.state.sent.push({ pageId: FB_PAGE, psid: arrived!, messagingType: "UPDATE", message: { text: "Flash sale" }, content: { text: "Flash sale", metadata: offerMetadata(arrivedRow!.id) }, mid: "m_arrived_before_the_crash", time: claimedAt.getTime() + 50 });

    expect(await runOffer(o.id)).toBe("completed");
    for (const psid of [arrived, missing, pending]) expect(sentTo(psid)).toHaveLength(1);
    expect(await statusOf(o.id, arrived!)).toMatchObject({ status: "sent", messageId: "m_arrived_before_the_crash" });
    expect(await statusOf(o.id, missing!)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ sentCount: 3, failedCount: 0 });
  });

  it("a claimed row whose thread cannot be read is never re-sent: failed 'interrupted…', and its echo can still make it sent", async () => {
    const [claimed, pending] = await people([{}, {}]);
    const o = await offer();
    const [row] = await deadRunLeft(o, [claimed!], [pending!], new Date(Date.now() - 10_000));
    await simPost(sim, "/sim/errors", { psid: claimed, code: 2, endpoint: "conversations", count: 2 });

    expect(await runOffer(o.id)).toBe("completed");
    expect(sentTo(claimed)).toHaveLength(0);
    expect(sentTo(pending)).toHaveLength(1);
    expect(await statusOf(o.id, claimed!)).toMatchObject({ status: "failed", reason: "interrupted, not retried to avoid a duplicate" });
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ sentCount: 1, failedCount: 1 });

    // The dead run's call had in fact reached Meta: its echo names the row and settles it.
    expect(await confirmOfferEcho(offerMetadata(row!.id), "m_late_echo")).toBe(true);
    expect(await statusOf(o.id, claimed!)).toMatchObject({ status: "sent", messageId: "m_late_echo", reason: null });
    expect(await db.offer.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ sentCount: 2, failedCount: 0 });
    expect(await confirmOfferEcho(offerMetadata(row!.id), "m_again")).toBe(false);
    expect(await confirmOfferEcho("something-else", "m_x")).toBe(false);
  });

  it("a stalled run takes back a lease that expired with nobody else holding it, but never one another run took", async () => {
    const o = await offer();
    const lease = (await acquireLease(o.id))!;
    await redis().del(leaseKey(o.id)); // expired during a stall
    expect(await lease.renew()).toBe(true);
    expect(await redis().get(leaseKey(o.id))).toBe(lease.token);
    await redis().set(leaseKey(o.id), "a-new-run", "PX", 5_000); // a new run took it
    expect(await lease.renew()).toBe(false);
    expect(lease.lost).toBe(true);
    expect(await redis().get(leaseKey(o.id))).toBe("a-new-run");
  });

  it("the watchdog re-queues a running offer whose lease expired, and leaves a live one alone", async () => {
    await people([{}]);
    const dead = await offer();
    const alive = await offer();
    await db.offer.updateMany({ where: { id: { in: [dead.id, alive.id] } }, data: { status: "running", startedAt: new Date() } });
    await redis().set(leaseKey(alive.id), "someone", "PX", 5_000);
    const { kicked } = await resumeStalledOffers();
    expect(kicked).toEqual([dead.id]);
    const jobs = await queue().getJobs(["waiting"]);
    expect(jobs.filter((j) => j.name === JOBS.sendOffer.name).map((j) => j.data.offerId)).toEqual([dead.id]);
    // Throttled: the next look does not queue it again.
    expect((await resumeStalledOffers()).kicked).toEqual([]);
  });
});
