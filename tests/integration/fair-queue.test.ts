import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { redis } from "@/server/redis";
import { handOut } from "@/server/services/ownership/fair-queue";
import { markOnline } from "@/server/realtime/online";
import * as statusRoute from "@/app/api/conversations/status/route";
import * as queueRoute from "@/app/api/inbox/queue/route";
import * as awayRoute from "@/app/api/inbox/away/route";
import * as capacityRoute from "@/app/api/users/[id]/capacity/route";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { spawnEntry, type Spawned } from "./support/spawn";
import { storeWebhookEvent } from "@/server/services/inbound/webhook-store";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { body, fromCustomer } from "./support/webhook-post";

// The fair queue (docs/PRODUCT.md §13.4) against real Postgres and Redis, on a fixed clock: who gets a new
// conversation, what waits, what frees room, and two processes handing out at once.

const NOW = new Date("2026-06-01T09:00:00.000Z");
const HOUR = 3_600_000;
/** Heartbeats are written at the real time, which is after NOW: fresh for every hand-out on the fixed clock. */
const online = (...users: { id: string }[]) => Promise.all(users.map((u) => markOnline(u.id, `socket-${u.id}`)));

async function buildWorld() {
  const company = await makeCompany("Queue Co");
  const ann = await makeUser("staff", company.id, { name: "Ann Agent" });
  const bob = await makeUser("staff", company.id, { name: "Bob Agent" });
  const owner = await makeUser("company_admin", company.id, { name: "Olga Owner" });
  // The owner answers every page but is away: only Ann and Bob take part unless a test says otherwise.
  await db.user.update({ where: { id: owner.id }, data: { isAway: true } });
  const page = await makePage(company.id, [ann.id, bob.id], "Shoes");
  await db.page.update({ where: { id: page.id }, data: { fairQueue: true } });
  return { company, ann, bob, owner, page };
}

let w: Awaited<ReturnType<typeof buildWorld>>;
beforeEach(async () => {
  w = await buildWorld();
});

let arrivals = 0;
/** A waiting conversation that arrived `minutesAgo` before NOW (arrival = created_at, the queue's order). */
async function waiting(minutesAgo = 0, pageId = w.page.id) {
  const { conversation } = await makeConversation(pageId, { name: `Customer ${++arrivals}` });
  return db.conversation.update({ where: { id: conversation.id }, data: { createdAt: new Date(NOW.getTime() - minutesAgo * 60_000 - arrivals) } });
}
async function ownedBy(user: { id: string }, count: number) {
  for (let i = 0; i < count; i++) await db.conversation.update({ where: { id: (await waiting(500)).id }, data: { assigneeId: user.id } });
}
const assigneeOf = async (id: string) => (await db.conversation.findUniqueOrThrow({ where: { id } })).assigneeId;
const give = () => handOut({ companyId: w.company.id, now: NOW });

describe("the hand-out rule", () => {
  it("gives a new conversation to the least-busy available agent, and says so in the audit log as Switchboard", async () => {
    await online(w.ann, w.bob);
    await ownedBy(w.ann, 2);
    await ownedBy(w.bob, 1);
    const fresh = await waiting();
    expect((await give()).map((g) => g.agentName)).toEqual(["Bob Agent"]);
    expect(await assigneeOf(fresh.id)).toBe(w.bob.id);
    const entries = await db.auditEntry.findMany({ where: { action: "conversation.assigned_by_rule" } });
    expect(entries).toMatchObject([{ actorId: null, actorName: "Switchboard", targetId: fresh.id, details: { agentId: w.bob.id, agentName: "Bob Agent" } }]);
    expect((await db.user.findUniqueOrThrow({ where: { id: w.bob.id } })).lastAssignedAt).toEqual(NOW);
  });

  it("breaks ties round-robin: the one who has waited longest for a conversation goes first", async () => {
    await online(w.ann, w.bob);
    await db.user.update({ where: { id: w.ann.id }, data: { lastAssignedAt: new Date(NOW.getTime() - HOUR) } });
    await db.user.update({ where: { id: w.bob.id }, data: { lastAssignedAt: new Date(NOW.getTime() - 2 * HOUR) } });
    const queue = [await waiting(3), await waiting(2), await waiting(1)];
    const given = await give();
    expect(given.map((g) => [g.conversationId, g.agentName])).toEqual([
      [queue[0]!.id, "Bob Agent"],
      [queue[1]!.id, "Ann Agent"],
      [queue[2]!.id, "Bob Agent"],
    ]);
  });

  it("skips an agent who is away, offline or whose heartbeat went stale, and one of another page", async () => {
    const cleo = await makeUser("staff", w.company.id, { name: "Cleo Elsewhere" });
    await makePage(w.company.id, [cleo.id], "Outlet");
    await online(cleo);
    await markOnline(w.ann.id, "old-socket", NOW.getTime() - 10 * 60_000);
    const first = await waiting();
    expect(await give()).toEqual([]);
    expect(await assigneeOf(first.id)).toBeNull();

    await online(w.bob);
    await db.user.update({ where: { id: w.bob.id }, data: { isAway: true } });
    expect(await give()).toEqual([]);
    await db.user.update({ where: { id: w.bob.id }, data: { isAway: false } });
    expect((await give()).map((g) => g.agentName)).toEqual(["Bob Agent"]);
  });

  it("leaves conversations waiting in arrival order when everyone is full, and the queue view shows them", async () => {
    await online(w.ann, w.bob);
    await db.user.updateMany({ where: { id: { in: [w.ann.id, w.bob.id] } }, data: { capacity: 1 } });
    await ownedBy(w.ann, 1);
    const later = await waiting(1);
    const older = await waiting(5);
    const given = await give();
    expect(given.map((g) => [g.conversationId, g.agentName])).toEqual([[older.id, "Bob Agent"]]);
    expect(await assigneeOf(later.id)).toBeNull();

    await waiting(0);
    const view = await call(queueRoute.GET, "GET", "/api/inbox/queue", { token: await tokenFor(w.ann), query: { pageId: w.page.id } });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ fairQueue: true, total: 2 });
    expect(view.body.data.map((e: { position: number; conversation: { id: string } }) => [e.position, e.conversation.id])).toEqual([
      [1, later.id],
      [2, expect.any(String)],
    ]);
  });

  it("hands nothing out on a page with the fair queue off", async () => {
    await online(w.ann, w.bob);
    await db.page.update({ where: { id: w.page.id }, data: { fairQueue: false } });
    await waiting();
    expect(await give()).toEqual([]);
  });
});

describe("what frees room hands out the queue, oldest first", () => {
  it("a conversation marked done", async () => {
    await online(w.ann);
    await db.user.update({ where: { id: w.ann.id }, data: { capacity: 1 } });
    await ownedBy(w.ann, 1);
    const mine = (await db.conversation.findFirstOrThrow({ where: { assigneeId: w.ann.id } })).id;
    const second = await waiting(1);
    const first = await waiting(2);
    expect(await give()).toEqual([]);
    const res = await call(statusRoute.POST, "POST", "/api/conversations/status", { token: await tokenFor(w.ann), body: { conversationIds: [mine], status: "done" } });
    expect(res.status).toBe(200);
    expect(await assigneeOf(first.id)).toBe(w.ann.id);
    expect(await assigneeOf(second.id)).toBeNull();
  });

  it("an agent back from away, and a capacity raised by a company admin (audited); staff may not set one", async () => {
    await online(w.ann);
    await db.user.update({ where: { id: w.ann.id }, data: { isAway: true, capacity: 1 } });
    const first = await waiting(2);
    const second = await waiting(1);
    const ann = await tokenFor(w.ann);
    expect((await call(awayRoute.GET, "GET", "/api/inbox/away", { token: ann })).body).toEqual({ away: true });
    expect((await call(awayRoute.PUT, "PUT", "/api/inbox/away", { token: ann, body: { away: false } })).body).toEqual({ away: false });
    expect(await assigneeOf(first.id)).toBe(w.ann.id);
    expect(await assigneeOf(second.id)).toBeNull();

    const path = `/api/users/${w.ann.id}/capacity`;
    const refused = await call(capacityRoute.PUT, "PUT", path, { token: ann, params: { id: w.ann.id }, body: { capacity: 5 } });
    expect(refused.status).toBe(403);
    const bad = await call(capacityRoute.PUT, "PUT", path, { token: await tokenFor(w.owner), params: { id: w.ann.id }, body: { capacity: -1 } });
    expect(bad.status).toBe(400);
    const res = await call(capacityRoute.PUT, "PUT", path, { token: await tokenFor(w.owner), params: { id: w.ann.id }, body: { capacity: 2 } });
    expect(res.body).toEqual({ userId: w.ann.id, capacity: 2, away: false, openConversations: 2 });
    expect(await assigneeOf(second.id)).toBe(w.ann.id);
    expect(await db.auditEntry.findFirst({ where: { action: "user.capacity_changed" } })).toMatchObject({ actorId: w.owner.id, targetId: w.ann.id, details: { from: 1, to: 2 } });
  });

  it("the fair-queue switch turned on by an admin (audited); an agent may not turn it", async () => {
    await online(w.bob);
    await db.page.update({ where: { id: w.page.id }, data: { fairQueue: false } });
    const first = await waiting();
    const body = { pageId: w.page.id, fairQueue: true };
    expect((await call(queueRoute.PUT, "PUT", "/api/inbox/queue", { token: await tokenFor(w.bob), body })).status).toBe(403);
    expect(await assigneeOf(first.id)).toBeNull();
    const res = await call(queueRoute.PUT, "PUT", "/api/inbox/queue", { token: await tokenFor(w.owner), body });
    expect(res.body).toMatchObject({ fairQueue: true, total: 0 });
    expect(await assigneeOf(first.id)).toBe(w.bob.id);
    expect(await db.auditEntry.findFirst({ where: { action: "page.inbox_settings_changed" } })).toMatchObject({ actorId: w.owner.id, details: { fairQueue: { from: false, to: true } } });
  });
});

describe("the worker's ingest", () => {
  it("hands a new customer's conversation out once the batch is stored; a page without the fair queue keeps it unassigned", async () => {
    await online(w.bob);
    const plain = await makePage(w.company.id, [w.bob.id], "Plain");
    await storeWebhookEvent(body(w.page.facebookPageId, fromCustomer(w.page.facebookPageId, "7000000000000001", { message: { mid: "m_fq_1", text: "hi" } })));
    await storeWebhookEvent(body(plain.facebookPageId, fromCustomer(plain.facebookPageId, "7000000000000002", { message: { mid: "m_fq_2", text: "hi" } })));
    expect(await processPendingWebhookEvents()).toBe(2);
    const [queued] = await db.conversation.findMany({ where: { pageId: w.page.id } });
    const [other] = await db.conversation.findMany({ where: { pageId: plain.id } });
    expect(queued!.assigneeId).toBe(w.bob.id);
    expect(other!.assigneeId).toBeNull();
  });
});

describe("several hand-outs at once", () => {
  let other: Spawned | null = null;
  afterAll(async () => {
    await redis().rpush("fair-queue:go", "stop");
    await other?.exited;
  });

  /** Nobody over capacity, nobody given one conversation twice, and room left only when nothing waits. */
  async function expectFair(capacity: number) {
    const open = await db.conversation.groupBy({ by: ["assigneeId"], where: { status: "open", isSpam: false, assigneeId: { not: null } }, _count: true });
    for (const row of open) expect(row._count).toBeLessThanOrEqual(capacity);
    const entries = await db.auditEntry.findMany({ where: { action: "conversation.assigned_by_rule" }, select: { targetId: true } });
    expect(new Set(entries.map((e) => e.targetId)).size).toBe(entries.length);
    const waitingNow = await db.conversation.count({ where: { assigneeId: null, status: "open" } });
    const full = open.reduce((sum, row) => sum + row._count, 0) === 3 * capacity;
    expect(waitingNow === 0 || full).toBe(true);
  }

  it("in one process on separate connections, and from a second process: never over capacity, never twice", async () => {
    const cleo = await makeUser("staff", w.company.id, { name: "Cleo Agent" });
    await db.pageAssignment.create({ data: { userId: cleo.id, pageId: w.page.id } });
    await db.user.updateMany({ where: { id: { in: [w.ann.id, w.bob.id, cleo.id] } }, data: { capacity: 4 } });
    await online(w.ann, w.bob, cleo);
    other = spawnEntry("tests/integration/support/fair-queue-hand-out.ts");
    await other.waitFor(/ready/);
    const listener = redis().duplicate();

    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 3; i++) await waiting(round * 10 + i);
      const before = await db.conversation.count({ where: { assigneeId: { not: null } } });
      await redis().rpush("fair-queue:go", JSON.stringify({ companyId: w.company.id, now: NOW.toISOString() }));
      const here = await Promise.all([give(), give(), give()]);
      const [, there] = (await listener.blpop("fair-queue:done", 15))!;
      // What the four hand-outs say they gave is exactly what became assigned: none overwrote another's.
      const total = here.reduce((sum, g) => sum + g.length, 0) + Number(there);
      expect(await db.conversation.count({ where: { assigneeId: { not: null } } })).toBe(before + total);
      await expectFair(4);
      // Every third round someone finishes two conversations, so there is room again.
      if (round % 3 === 2) {
        const done = await db.conversation.findMany({ where: { assigneeId: { not: null }, status: "open" }, take: 2, select: { id: true } });
        await db.conversation.updateMany({ where: { id: { in: done.map((d) => d.id) } }, data: { status: "done" } });
      }
    }
    listener.disconnect();
    expect(await db.conversation.count({ where: { assigneeId: { not: null } } })).toBeGreaterThan(0);
  }, 60_000);
});
