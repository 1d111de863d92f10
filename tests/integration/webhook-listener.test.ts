import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";
import { metrics } from "@/server/observability/metrics";
import { startWebhookListener, type WebhookListener } from "@/server/services/inbound/listener/webhook-listener";
import { startWebhookDrain, type WebhookDrain } from "@/workers/inbound/drain";
import { body, fromCustomer, postSigned } from "./support/webhook-post";
import { eventually } from "./support/channel";

// WEBHOOK_PORT: Meta's webhook served by a thread of the app process with its own event loop
// (server/services/inbound/listener/). The same verify-store-acknowledge as the main port, the worker woken the same way, the
// acknowledgements counted in the main thread's metrics, and a stop that lets in-flight ones finish.

const PAGE_ID = "200000000000031";
const HOUR_MS = 3_600_000;

let listener: WebhookListener;
let url: string;

beforeEach(async () => {
  listener = await startWebhookListener({ port: 0, host: "127.0.0.1", keepAliveMs: 5_000 });
  url = `http://127.0.0.1:${listener.port}`;
});

afterEach(async () => {
  await listener.stop();
});

const ackCount = async () => (await metrics().webhookAck.get()).values.find((v) => v.metricName?.endsWith("_count") && v.labels.status === "200")?.value ?? 0;

describe("the webhook's own port (WEBHOOK_PORT)", () => {
  it("verifies, stores and acknowledges a delivery; refuses a bad signature and stores nothing", async () => {
    const raw = body(PAGE_ID, fromCustomer(PAGE_ID, "5001", { message: { mid: "m_listener_1", text: "hi" } }));
    const bad = await fetch(`${url}/api/webhooks/messenger`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signatureFor(raw, "another-secret") }, body: raw });
    expect(bad.status).toBe(401);
    expect(await db.webhookEvent.count()).toBe(0);

    const ok = await postSigned(url, raw);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("EVENT_RECEIVED");
    expect(ok.headers.get("server-timing")).toMatch(/^app;dur=/);
    const [row] = await db.webhookEvent.findMany();
    expect(row?.payload).toMatchObject({ entry: [{ id: PAGE_ID, messaging: [{ message: { mid: "m_listener_1" } }] }] });
  });

  it("answers Meta's handshake only with the verify token, and nothing but the webhook", async () => {
    const ok = await fetch(`${url}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=integration-verify-token&hub.challenge=77`);
    expect([ok.status, await ok.text()]).toEqual([200, "77"]);
    expect((await fetch(`${url}/api/webhooks/messenger?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=77`)).status).toBe(403);
    expect((await fetch(`${url}/api/health/live`)).status).toBe(200);
    const other = await fetch(`${url}/api/conversations`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: "not_found" });
  });

  it("wakes the worker: a delivery is processed without the poll", async () => {
    const company = await db.company.create({ data: { name: "Listener Co" } });
    await db.page.create({ data: { companyId: company.id, name: "Listener Shoes", facebookPageId: PAGE_ID, accessTokenEnc: encryptSecret("PAGE_TOKEN_listener_0031") } });
    const drain: WebhookDrain = startWebhookDrain({ log: () => {}, pollMs: HOUR_MS });
    try {
      await drain.subscribed;
      expect((await postSigned(url, body(PAGE_ID, fromCustomer(PAGE_ID, "5002", { message: { mid: "m_listener_2", text: "through the thread" } })))).status).toBe(200);
      const message = await eventually(() => db.message.findUnique({ where: { mid: "m_listener_2" } }), Boolean);
      expect(message?.text).toBe("through the thread");
    } finally {
      await drain.stop();
    }
  });

  it("counts its acknowledgements in the app's metrics; a stop answers what arrived before it, then closes the port", async () => {
    const before = await ackCount();
    const answers = Array.from({ length: 5 }, (_, i) => postSigned(url, body(PAGE_ID, fromCustomer(PAGE_ID, "5003", { message: { mid: `m_listener_3_${i}`, text: "x" } }))));
    const statuses = (await Promise.all(answers)).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Stopped once the last delivery has arrived (stored, maybe not yet answered): a fixed pause let a busy
    // machine stop the port before the request reached it, and then nothing can answer it.
    const stored = await db.webhookEvent.count();
    const inFlight = postSigned(url, body(PAGE_ID, fromCustomer(PAGE_ID, "5003", { message: { mid: "m_listener_4", text: "last" } })));
    await eventually(async () => (await db.webhookEvent.count()) > stored, Boolean);
    await listener.stop();
    expect((await inFlight).status).toBe(200);
    expect(await ackCount()).toBe(before + 6);
    await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
    listener = { ...listener, stop: async () => {} }; // stopped already
  });
});

describe("the webhook listener thread, supervised (issue 30)", () => {
  // A new thread loads its modules again: seconds on a busy machine.
  it("a thread that dies is replaced on the same port; readiness says it is down meanwhile", { timeout: 60_000 }, async () => {
    const { superviseWebhookListener, WEBHOOK_LISTENER_PART } = await import("@/server/services/inbound/listener/supervise-listener");
    const { partStates } = await import("@/server/lifecycle/parts");
    const gaveUp: string[] = [];
    const supervised = await superviseWebhookListener({ port: 0, host: "127.0.0.1", keepAliveMs: 5_000 }, (line) => void gaveUp.push(line));
    try {
      const at = `http://127.0.0.1:${supervised.port}`;
      const first = supervised.thread;
      expect(partStates()[WEBHOOK_LISTENER_PART]).toBe("ok");
      await first.terminate(); // what an error nothing caught in the thread does
      expect(partStates()[WEBHOOK_LISTENER_PART]).toBe("down");
      await eventually(() => supervised.thread !== first && partStates()[WEBHOOK_LISTENER_PART] === "ok", Boolean, 40_000);
      expect(supervised.thread).not.toBe(first);
      expect((await postSigned(at, body(PAGE_ID, fromCustomer(PAGE_ID, "5010", { message: { mid: "m_listener_after_death", text: "again" } })))).status).toBe(200);
      expect(gaveUp).toEqual([]);
    } finally {
      await supervised.stop();
    }
  });

  it("threads that keep dying end the process (exit 1 by default) instead of leaving it serving half", { timeout: 120_000 }, async () => {
    const { superviseWebhookListener } = await import("@/server/services/inbound/listener/supervise-listener");
    const gaveUp: string[] = [];
    const supervised = await superviseWebhookListener({ port: 0, host: "127.0.0.1", keepAliveMs: 5_000 }, (line) => void gaveUp.push(line));
    try {
      for (let death = 0; death < 4; death++) {
        const dying = supervised.thread;
        await dying.terminate();
        await eventually(() => supervised.thread !== dying || gaveUp.length > 0, Boolean, 25_000);
      }
      expect(gaveUp).toEqual([expect.stringMatching(/the webhook listener thread exited 4 times within 60 s/)]);
    } finally {
      await supervised.stop();
    }
  });
});
