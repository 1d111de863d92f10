import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import * as listRoute from "@/app/api/admin/webhook-quarantine/route";
import * as retryRoute from "@/app/api/admin/webhook-quarantine/[id]/retry/route";
import * as pageRoute from "@/app/api/pages/[id]/route";
import { processPendingWebhookEvents } from "@/server/services/inbound/process-webhook";
import { countQuarantinedByPage } from "@/server/services/webhook-quarantine/count-quarantined";
import { call } from "./support/http";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { makeConversation } from "./support/inbox-factory";
import { body, fromCustomer, postSigned } from "./support/webhook-post";
import { startRealServer } from "./support/real-server";

// "No delivery is ever refused": every validly signed body is acknowledged with 200. What Postgres cannot
// hold is repaired (NUL removed, lone surrogates → U+FFFD); what still cannot be stored or processed is
// kept raw in the quarantine, counted per Page, listed and re-run by a super admin; and the good events of
// the same body are processed. The worker is driven by processPendingWebhookEvents (the drain's batch).

let app: Awaited<ReturnType<typeof startRealServer>>;
let page: Awaited<ReturnType<typeof makePage>>;
let person: Awaited<ReturnType<typeof makeConversation>>;
let seq = 0;

beforeEach(async () => {
  page = await makePage((await makeCompany()).id);
  person = await makeConversation(page.id, { unread: 0 });
  app = await startRealServer({ realtime: true });
});

afterEach(async () => {
  await app.close();
});

const text = (t: string, mid = `m_q_${++seq}_${Date.now()}`, timestamp = Date.now() + seq) => fromCustomer(page.facebookPageId, person.customer.psid, { message: { mid, text: t } }, timestamp);
const texts = async () => (await db.message.findMany({ orderBy: { createdTime: "asc" } })).map((m) => m.text);

describe("bodies Postgres would refuse are acknowledged", () => {
  it("a NUL byte in the text: 200, stored without the NUL, next to the good event of the same body", async () => {
    const res = await postSigned(app.url, body(page.facebookPageId, text("good one"), text("nul\u0000inside")));
    expect(res.status).toBe(200);
    await processPendingWebhookEvents();
    expect(await texts()).toEqual(["good one", "nulinside"]);
    expect(await db.webhookQuarantine.count()).toBe(0);
  });

  it("a lone surrogate: 200, stored with U+FFFD in its place", async () => {
    // JSON.stringify would keep "\ud800" as an escape; that is how Meta's body carries it.
    const res = await postSigned(app.url, body(page.facebookPageId, text("good one"), text("half \ud800 an emoji")));
    expect(res.status).toBe(200);
    await processPendingWebhookEvents();
    expect(await texts()).toEqual(["good one", "half \ufffd an emoji"]);
  });

  it("JSON nested 100 000 deep: 200, the raw body in the quarantine, counted on the Page — and the good events beside it processed", async () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    const good = JSON.stringify(text("good beside the deep one"));
    const deepItem = `{"sender":{"id":"${person.customer.psid}"},"recipient":{"id":"${page.facebookPageId}"},"timestamp":${Date.now()},"message":{"mid":"m_deep","text":${deep}}}`;
    const raw = `{"object":"page","entry":[{"id":"${page.facebookPageId}","messaging":[${good},${deepItem}]}],"extra":${deep}}`;
    const res = await postSigned(app.url, raw);
    expect(res.status).toBe(200);
    const [kept] = await db.webhookQuarantine.findMany();
    expect(kept).toMatchObject({ scope: "body", facebookPageId: page.facebookPageId, reason: expect.stringMatching(/nested deeper than 64 levels at .*entry\[0\]\.messaging\[1\].*the rest of the body was stored/) });
    expect(kept!.reason).toMatch(/extra/);
    expect(kept!.raw).toBe(raw);
    await processPendingWebhookEvents();
    expect(await texts()).toEqual(["good beside the deep one"]);
    expect(await db.message.count({ where: { mid: "m_deep" } })).toBe(0);
    expect(await db.webhookQuarantine.count()).toBe(1);
    expect(await countQuarantinedByPage([page.facebookPageId, "1"])).toEqual(new Map([[page.facebookPageId, 1]]));
    // …and the Page's own screen says so (its health panel reads quarantinedEvents).
    const owner = await tokenFor(await makeUser("company_admin", page.companyId));
    const shown = await call(pageRoute.GET, "GET", `/api/pages/${page.id}`, { token: owner, params: { id: page.id } });
    expect(shown.body).toMatchObject({ _id: page.id, quarantinedEvents: 1 });
  });

  it("a body deep all the way down is quarantined whole, nothing stored", async () => {
    const raw = `{"object":"page","entry":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    expect((await postSigned(app.url, raw)).status).toBe(200);
    expect(await db.webhookQuarantine.findFirstOrThrow()).toMatchObject({ scope: "body", raw, reason: expect.stringMatching(/nested deeper/) });
    expect(await db.webhookEvent.count()).toBe(0);
  });

  it("an id that is not a Facebook id (PSID `../../x`) quarantines that event only; its siblings are processed", async () => {
    const bad = { sender: { id: "../../x" }, recipient: { id: page.facebookPageId }, timestamp: Date.now(), message: { mid: "m_traversal", text: "sneaky" } };
    expect((await postSigned(app.url, body(page.facebookPageId, text("the good one"), bad))).status).toBe(200);
    await processPendingWebhookEvents();
    expect(await texts()).toEqual(["the good one"]);
    const [kept] = await db.webhookQuarantine.findMany();
    expect(kept).toMatchObject({ scope: "event", facebookPageId: page.facebookPageId, reason: "unreadable messaging item: sender.id is not a Facebook id" });
    expect(JSON.parse(kept!.raw)).toEqual(bad);
  });

  it("a signed body that is not JSON, and one over 1 MB: 200 and quarantined; unsigned stays 401", async () => {
    expect((await postSigned(app.url, `{"object":"page","entry":[{"id":"${page.facebookPageId}"`)).status).toBe(200);
    expect((await postSigned(app.url, JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, messaging: [] }], pad: "x".repeat(1_100_000) }))).status).toBe(200);
    const rows = await db.webhookQuarantine.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.scope, r.facebookPageId])).toEqual([["body", page.facebookPageId], ["body", page.facebookPageId]]);
    expect(rows[0]!.reason).toMatch(/^not JSON/);
    expect(rows[1]!.reason).toMatch(/larger than/);
    expect((await postSigned(app.url, "{}", "wrong-secret")).status).toBe(401);
    expect(await db.webhookQuarantine.count()).toBe(2);
  });

  it("a raw NUL byte inside a signed non-JSON body is kept (escaped) rather than failing the quarantine", async () => {
    expect((await postSigned(app.url, Buffer.from("nul\u0000byte"))).status).toBe(200);
    expect((await db.webhookQuarantine.findFirstOrThrow()).raw).toBe("nul\\u0000byte");
  });
});

describe("operators list and re-run the quarantine", () => {
  it("super admin lists a quarantined event and re-runs it once its message exists; other roles are refused", async () => {
    const target = `m_target_${Date.now()}`;
    const reaction = fromCustomer(page.facebookPageId, person.customer.psid, { reaction: { mid: target, action: "react", emoji: "😮", reaction: "wow" } });
    expect((await postSigned(app.url, body(page.facebookPageId, reaction, text("still processed")))).status).toBe(200);
    await processPendingWebhookEvents();
    expect(await texts()).toEqual(["still processed"]);

    const root = await tokenFor(await makeUser("super_admin", null));
    const admin = await tokenFor(await makeUser("company_admin", page.companyId));
    expect((await call(listRoute.GET, "GET", "/api/admin/webhook-quarantine", { token: admin })).status).toBe(403);
    const list = await call(listRoute.GET, "GET", "/api/admin/webhook-quarantine", { token: root, query: { facebookPageId: page.facebookPageId } });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ scope: "event", facebook_page_id: page.facebookPageId, reason: expect.stringContaining(target), resolved_at: null })]);
    const id = list.body.data[0].id as string;

    const early = await call(retryRoute.POST, "POST", `/api/admin/webhook-quarantine/${id}/retry`, { token: root, params: { id } });
    expect(early.body).toMatchObject({ ok: false, item: { retry_count: 1, last_error: expect.stringContaining(target) } });

    await postSigned(app.url, body(page.facebookPageId, text("the target", target)));
    await processPendingWebhookEvents();
    const retried = await call(retryRoute.POST, "POST", `/api/admin/webhook-quarantine/${id}/retry`, { token: root, params: { id } });
    expect(retried.body).toMatchObject({ ok: true, item: { retry_count: 2, last_error: null } });
    expect((await db.message.findUniqueOrThrow({ where: { mid: target } })).reactions).toEqual([expect.objectContaining({ emoji: "😮" })]);
    expect(await countQuarantinedByPage([page.facebookPageId])).toEqual(new Map());
    expect((await call(retryRoute.POST, "POST", `/api/admin/webhook-quarantine/${id}/retry`, { token: root, params: { id } })).status).toBe(409);
  });
});

describe("a replay of 1 000 deliveries with random malformed events", () => {
  it("loses no good event and stores none twice", async () => {
    // A fixed seed: the same "random" run every time, so a failure can be replayed.
    let state = 20261125;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const bad = [
      () => text("nul \u0000"),
      () => text("lone \udc00"),
      () => fromCustomer(page.facebookPageId, person.customer.psid, { message: { mid: 42 } }),
      () => ({ sender: {}, recipient: { id: page.facebookPageId } }),
      () => fromCustomer(page.facebookPageId, person.customer.psid, { reaction: { mid: "m_missing", action: "react", emoji: "👍" } }),
      () => "not an object",
    ];
    const good = new Set<string>();
    const bodies: string[] = [];
    const base = Date.now();
    for (let i = 0; i < 1000; i++) {
      const items: unknown[] = [];
      const goodCount = 1 + Math.floor(random() * 2);
      for (let g = 0; g < goodCount; g++) {
        const mid = `m_replay_${i}_${g}`;
        good.add(mid);
        items.push(fromCustomer(page.facebookPageId, person.customer.psid, { message: { mid, text: `good ${i}.${g}` } }, base + i * 10 + g));
      }
      if (random() < 0.3) items.splice(Math.floor(random() * items.length), 0, bad[Math.floor(random() * bad.length)]!());
      bodies.push(JSON.stringify({ object: "page", entry: [{ id: page.facebookPageId, time: base, messaging: items }] }));
    }
    // Every fifth delivery arrives twice (Meta retries), and a few whole bodies are broken.
    const sends = bodies.flatMap((b, i) => (i % 5 === 0 ? [b, b] : [b]));
    sends.push("[".repeat(50_000), "garbage");
    for (let i = 0; i < sends.length; i += 25) {
      const statuses = await Promise.all(sends.slice(i, i + 25).map((b) => postSigned(app.url, b).then((r) => r.status)));
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    await processPendingWebhookEvents();

    const stored = await db.message.findMany({ where: { mid: { startsWith: "m_replay_" } }, select: { mid: true } });
    expect(stored.length).toBe(good.size);
    expect(new Set(stored.map((m) => m.mid))).toEqual(good);
    expect((await db.conversation.findUniqueOrThrow({ where: { id: person.conversation.id } })).unreadCount).toBe(good.size + (await db.message.count({ where: { mid: { startsWith: "m_q_" } } })));
    expect(await db.webhookEvent.count({ where: { processedAt: null } })).toBe(0);
    expect(await db.webhookQuarantine.count()).toBeGreaterThan(0);
  }, 120_000);
});
