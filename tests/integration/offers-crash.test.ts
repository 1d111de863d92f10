import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

const QUEUE_PREFIX = vi.hoisted(() => {
  const prefix = `offers-crash-${process.pid}`;
  process.env.QUEUE_PREFIX = prefix;
  return prefix;
});

import { db } from "@/server/db";
import { encryptSecret } from "@/server/security/secret-box";
import { confirmOfferEcho } from "@/server/services/offers/confirm-echo";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import * as scheduleRoute from "@/app/api/offers/schedule/route";
import { startAppServer } from "./support/app-server";
import { call } from "./support/http";
import { makeCompany, makeUser, tokenFor } from "./support/factory";

// The real worker process (`node --import tsx workers/index.ts`) on a 2 000-person offer, SIGKILLed three times mid-run
// and stopped once with SIGTERM, restarted each time: every eligible person receives the offer exactly
// once, the ledger agrees with what the simulator (Facebook) received, and the run finishes.

const FB_PAGE = "320000000000001";
const PAGE_TOKEN = "PAGE_TOKEN_offers_crash_tests_00001";
const ELIGIBLE = 2_000;
const OUTSIDE = 100;
const RATE = "300"; // per second (the maximum): kills land mid-run at any speed, thresholds are in sends
const HOUR = 60 * 60 * 1000;

type Worker = { pid: number; output: () => string; exited: Promise<number | null>; kill: (signal: NodeJS.Signals) => void };

const workers: Worker[] = [];

function startWorker(): Worker {
  // As in production (`npm run worker`): tsx loaded in-process, so SIGTERM reaches the worker itself (tsx's
  // CLI SIGKILLs a child that is too busy to acknowledge a forwarded signal within 30 ms).
  const child = spawn(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, QUEUE_PREFIX, OFFER_RATE_PER_SECOND: RATE } as NodeJS.ProcessEnv,
  });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const worker: Worker = {
    pid: child.pid!,
    output: () => output,
    exited,
    kill: (signal) => {
      try {
        if (signal === "SIGKILL") process.kill(-child.pid!, signal);
        else child.kill(signal); // as a container stop would
      } catch {
        // already gone
      }
    },
  };
  workers.push(worker);
  return worker;
}

async function until<T>(probe: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; workers said:\n${workers.map((w) => w.output().slice(-1500)).join("\n---\n")}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

let sim: Simulator | undefined;
let app: Awaited<ReturnType<typeof startAppServer>> | undefined;

afterEach(async () => {
  for (const w of workers.splice(0)) w.kill("SIGKILL");
  await sim?.close();
  await app?.close();
});

async function seed(companyId: string, pageId: string) {
  const now = Date.now();
  const people = Array.from({ length: ELIGIBLE + OUTSIDE }, (_, i) => ({
    customerId: randomUUID(),
    psid: String(8_200_000_000_000_000 + i),
    inside: i < ELIGIBLE,
  }));
  await db.customer.createMany({ data: people.map((p, i) => ({ id: p.customerId, pageId, psid: p.psid, name: `Person ${i}` })) });
  await db.conversation.createMany({
    data: people.map((p) => ({ pageId, customerId: p.customerId, lastInboundAt: new Date(now - (p.inside ? HOUR : 30 * HOUR)), lastMessageAt: new Date(now - HOUR) })),
  });
  for (const p of people) {
    sim!.state.customers.set(`${FB_PAGE}:${p.psid}`, { pageId: FB_PAGE, psid: p.psid, firstName: "P", lastName: p.psid, profileError: false, lastMessageAt: now - (p.inside ? HOUR : 30 * HOUR), createdAt: now });
  }
  return people;
}

describe("a killed worker resumes without sending anyone twice", () => {
  it("SIGKILL ×3 and SIGTERM ×1 during a 2 000-person offer", { timeout: 240_000 }, async () => {
    const company = await makeCompany("Crash Co");
    const admin = await makeUser("company_admin", company.id);
    const page = await db.page.create({ data: { companyId: company.id, name: "Crash Page", facebookPageId: FB_PAGE, accessTokenEnc: encryptSecret(PAGE_TOKEN) } });
    // The simulator's echoes land here and settle rows by their metadata, as the webhook ingest does.
    app = await startAppServer({
      "/webhook": {
        POST: async (request) => {
          const body = (await request.json()) as { entry?: { messaging?: { message?: { is_echo?: boolean; mid: string; metadata?: string } }[] }[] };
          for (const e of body.entry ?? []) for (const m of e.messaging ?? []) if (m.message?.is_echo) await confirmOfferEcho(m.message.metadata, m.message.mid);
          return new Response("EVENT_RECEIVED");
        },
      },
    });
    sim = await createSimulator({
      port: Number(new URL(process.env.GRAPH_API_URL!).port),
      webhookUrl: `${app.url}/webhook`,
      appSecret: process.env.META_APP_SECRET,
      echoDelayMs: 5,
      sendDeliveries: false,
      pages: [{ pageId: FB_PAGE, name: "Crash Page", accessToken: PAGE_TOKEN }],
    });
    const people = await seed(company.id, page.id);

    const scheduled = await call(scheduleRoute.POST, "POST", "/api/offers/schedule", { token: await tokenFor(admin), body: { pageId: page.id, type: "text", tags: [], message: "Crash-proof sale" } });
    expect(scheduled.status).toBe(200);
    const offerId = scheduled.body._id as string;
    const started = Date.now();
    const sent = () => sim!.state.sent.length;

    let worker = startWorker();
    const interruptions: { signal: string; atSent: number }[] = [];
    for (const [threshold, signal] of [[300, "SIGKILL"], [700, "SIGKILL"], [1_100, "SIGKILL"], [1_500, "SIGTERM"]] as const) {
      await until(sent, (n) => n >= threshold, 90_000, `${threshold} sends`);
      // Anywhere in the send cycle: before a claim, between claim and call, during the call, after it.
      await new Promise((r) => setTimeout(r, Math.random() * 40));
      interruptions.push({ signal, atSent: sent() });
      worker.kill(signal);
      const code = await worker.exited;
      if (signal === "SIGTERM") expect(code, worker.output()).toBe(0);
      worker = startWorker();
    }
    const offer = await until(() => db.offer.findUniqueOrThrow({ where: { id: offerId } }), (o) => o.status === "completed", 150_000, "the offer to complete");
    await sim.whenIdle();
    await new Promise((r) => setTimeout(r, 300)); // the last echoes settle their rows

    // Facebook's side: nobody twice.
    const perPsid = new Map<string, number>();
    for (const s of sim.state.sent) perPsid.set(s.psid, (perPsid.get(s.psid) ?? 0) + 1);
    expect(Math.max(...perPsid.values())).toBe(1);
    expect(sim.state.sent.every((s) => s.messagingType === "UPDATE" && !s.tag)).toBe(true);

    // The ledger agrees with it, row by row.
    const rows = await db.offerRecipient.findMany({ where: { offerId }, include: { customer: { select: { psid: true } } } });
    const byStatus = (status: string) => rows.filter((r) => r.status === status);
    expect(rows).toHaveLength(ELIGIBLE + OUTSIDE);
    expect(byStatus("pending").length + byStatus("claimed").length).toBe(0);
    expect(new Set(byStatus("sent").map((r) => r.customer.psid))).toEqual(new Set(perPsid.keys()));
    for (const r of byStatus("sent")) expect(r.messageId).toMatch(/^m_/);
    const outside = new Set(people.filter((p) => !p.inside).map((p) => p.psid));
    expect(new Set(byStatus("skipped").map((r) => r.customer.psid))).toEqual(outside);
    // Rows a dead worker left claimed were settled by Facebook's record of the thread: those that had
    // arrived became "sent", the others were sent by the next worker. So every eligible person received
    // exactly one message, and nobody failed.
    expect(perPsid.size).toBe(ELIGIBLE);
    expect(byStatus("sent")).toHaveLength(ELIGIBLE);
    expect(byStatus("failed")).toHaveLength(0);
    expect(offer).toMatchObject({ targetCount: ELIGIBLE + OUTSIDE, skippedCount: OUTSIDE });
    const final = await db.offer.findUniqueOrThrow({ where: { id: offerId } });
    expect(final).toMatchObject({ sentCount: ELIGIBLE, failedCount: 0 });

    console.log(
      `[offers-crash] ${perPsid.size} sent, ${OUTSIDE} skipped in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `interruptions at ${interruptions.map((i) => `${i.signal}@${i.atSent}`).join(", ")}; ` +
        `settlements: ${workers.flatMap((w) => w.output().match(/interrupted sends settled[^\n]*/g) ?? []).join(" | ") || "none"}`,
    );
  });
});
