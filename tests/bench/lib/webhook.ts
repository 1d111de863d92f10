import pg from "pg";
import type http from "node:http";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";
import { BENCH, WEBHOOK_BASE_URL } from "./config";
import { PAGE_B, webhookPsid } from "./dataset";
import { request, type HttpResult } from "./http";
import { cpuDelta, databaseCpuMs, treeCpuMs } from "../../support/cpu";
import { sleep } from "../../support/stats";

// Signed Messenger webhook deliveries as Meta sends them (docs/META.md), posted straight to the app (its
// webhook port: lib/config.ts).

export const WEBHOOK_URL = `${WEBHOOK_BASE_URL}/api/webhooks/messenger`;

export type OutMessage = { psid: string; mid: string; text: string; timestamp: number };

/** Unique per run, so marks from an earlier run can never be mistaken for this one's. */
export const runTag = () => Date.now().toString(36);

export function message(tag: string, index: number, customers: number, prefix = "m"): OutMessage {
  return { psid: webhookPsid(index % customers), mid: `m_bench_${tag}_${prefix}${index}`, text: `bench ${tag} ${prefix}${index} is my parcel on its way?`, timestamp: Date.now() };
}

export function body(messages: OutMessage[]): string {
  return JSON.stringify({
    object: "page",
    entry: [
      {
        id: PAGE_B.facebookPageId,
        time: Date.now(),
        messaging: messages.map((m) => ({ sender: { id: m.psid }, recipient: { id: PAGE_B.facebookPageId }, timestamp: m.timestamp, message: { mid: m.mid, text: m.text } })),
      },
    ],
  });
}

export function post(agent: http.Agent, messages: OutMessage[]): Promise<HttpResult> {
  const raw = body(messages);
  return request(agent, WEBHOOK_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signatureFor(raw, BENCH.appSecret), "User-Agent": "facebookexternalua" },
    body: raw,
  });
}

/** Messages of this run stored so far (mid range on the unique index; the collation is C). */
export async function storedCount(client: pg.Client, tag: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM messages WHERE mid >= $1 AND mid < $2", [`m_bench_${tag}_`, `m_bench_${tag}_\x7f`]);
  return Number(rows[0]!.n);
}

/** Polls until `expected` messages of the run are stored or the deadline passes; returns when each was seen. */
export async function waitStored(client: pg.Client, tag: string, expected: number, timeoutMs: number, everyMs = 100) {
  const deadline = performance.now() + timeoutMs;
  let count = 0;
  while (performance.now() < deadline) {
    count = await storedCount(client, tag);
    if (count >= expected) return { count, at: performance.now() };
    await sleep(everyMs);
  }
  return { count, at: performance.now() };
}

/** Pending deliveries (stored, acknowledged, not yet processed). */
export async function pendingDeliveries(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM webhook_events WHERE processed_at IS NULL");
  return Number(rows[0]!.n);
}

/**
 * Fires `send(i)` for i = 0…count-1 at `ratePerSecond`, open loop (a slow answer never delays the next
 * send, as with Meta). Returns when every send has settled.
 */
export async function atSteadyRate(ratePerSecond: number, count: number, send: (i: number) => Promise<void>): Promise<{ seconds: number; lagMs: number }> {
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  let maxLag = 0;
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLag = Math.max(maxLag, performance.now() - due);
    inflight.push(send(i));
  }
  await Promise.all(inflight);
  return { seconds: (performance.now() - started) / 1000, lagMs: Math.round(maxLag * 10) / 10 };
}

/**
 * CPU the app server and the worker (each its whole process tree) and the database spend over a run, per
 * message: the cost side of throughput, independent of how busy the rest of the machine is. The server
 * acknowledges; the worker processes (workers/inbound/drain.ts).
 */
export async function costMeter(app: { pid: number; workerPid: number }, client: pg.Client) {
  const server0 = treeCpuMs(app.pid);
  const worker0 = treeCpuMs(app.workerPid);
  const db0 = await databaseCpuMs(client);
  return async (messages: number) => {
    const server1 = treeCpuMs(app.pid);
    const worker1 = treeCpuMs(app.workerPid);
    const dbMs = cpuDelta(db0, await databaseCpuMs(client));
    const per = (ms: number | null) => (ms === null || !messages ? null : Math.round((ms / messages) * 100) / 100);
    const delta = (a: number | null, b: number | null) => (a === null || b === null ? null : b - a);
    return { serverCpuMsPerMessage: per(delta(server0, server1)), workerCpuMsPerMessage: per(delta(worker0, worker1)), dbCpuMsPerMessage: per(dbMs) };
  };
}
