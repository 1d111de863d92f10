import { io as connect, type Socket } from "socket.io-client";
import { db } from "@/server/db";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";
import { startWebhookDrain, type DrainOptions, type WebhookDrain } from "@/workers/inbound/drain";
import { startRealServer } from "./real-server";

// The whole channel for a test: the app's real server (every route, the webhook path, Socket.IO), the worker's webhook
// ingest, and the Messenger simulator as Facebook, wired to each other exactly as in `npm run dev`.

export type Channel = { appUrl: string; sim: Simulator; drain: WebhookDrain; close: () => Promise<void> };

export async function startChannel(pages: { pageId: string; name: string; accessToken: string; instagram?: { id: string; username: string } }[], drainOptions: DrainOptions = {}): Promise<Channel> {
  const app = await startRealServer({ realtime: true });
  const drain = startWebhookDrain({ log: () => {}, ...drainOptions });
  const sim = await createSimulator({
    port: Number(new URL(process.env.GRAPH_API_URL!).port),
    webhookUrl: `${app.url}/api/webhooks/messenger`,
    appSecret: process.env.META_APP_SECRET,
    verifyToken: process.env.META_VERIFY_TOKEN,
    echoDelayMs: 5,
    retryBaseDelayMs: 20,
    pages,
  });
  return {
    appUrl: app.url,
    sim,
    drain,
    close: async () => {
      await sim.whenIdle();
      // Deliveries are processed after their 200: let the last ones finish before the next test empties
      // the tables under them.
      await eventually(() => db.webhookEvent.count({ where: { processedAt: null } }), (n) => n === 0);
      await drain.stop();
      await sim.close();
      await app.close();
    },
  };
}

export async function simPost<T = Record<string, unknown>>(sim: Simulator, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${sim.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function simGet<T>(sim: Simulator, path: string): Promise<T> {
  return (await fetch(`${sim.url}${path}`)).json() as Promise<T>;
}

/** A connected, authenticated socket; events are collected for assertions. */
export async function openSocket(url: string, token: string) {
  const socket: Socket = connect(url, { auth: { token }, transports: ["websocket"], reconnection: false });
  const events: { name: string; payload: unknown }[] = [];
  socket.onAny((name, payload) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const emit = (event: string, payload: unknown) => socket.timeout(3000).emitWithAck(event, payload) as Promise<{ ok: boolean; error?: string }>;
  return { socket, events, emit, close: () => socket.disconnect() };
}

export async function eventually<T>(probe: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
}
