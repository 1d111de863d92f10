import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/server/db";
import { startWebhookListener, type WebhookListener } from "@/server/services/inbound/listener/webhook-listener";
import { startWorkerHttp } from "@/workers/worker-http";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";
import { makeCompany, makeUser, tokenFor } from "./support/factory";
import { keepAliveClient, startRealServer, streamChunked, type RealServer } from "./support/real-server";

// Security round 3 (issue 29), points 1–3, through the real HTTP server (server/lifecycle/app-server.ts), the
// webhook's own port and the worker's listener, with keep-alive clients, chunked bodies and raw paths:
// 1. an answer written before the body was read closes its connection, so the next request is answered;
// 2. uploads are read as they arrive, refused at the byte that crosses a cap, chunked or not;
// 3. every spelling of an /api path gets the same handler and the same limits.

const MB = 1024 * 1024;
const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
const SECRET = "integration-app-secret";

let app: RealServer;
let webhooks: WebhookListener;
let worker: Server;
let workerUrl: string;

beforeAll(async () => {
  app = await startRealServer();
  webhooks = await startWebhookListener({ port: 0, host: "127.0.0.1", keepAliveMs: 5_000 });
  worker = await startWorkerHttp(0, "127.0.0.1");
  workerUrl = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
  await webhooks.stop();
  worker.closeAllConnections();
  await new Promise((resolve) => worker.close(resolve));
});

const json2mb = JSON.stringify({ note: "x".repeat(2 * MB) });
const signed = (body: string) => ({ "content-type": "application/json", "x-hub-signature-256": signatureFor(body, SECRET) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const staffToken = async () => tokenFor(await makeUser("staff", (await makeCompany()).id));

/** A multipart part's head for a raw chunked upload. */
const partHead = (field: string, name: string) => Buffer.from(`--b\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
const uploadHead = (headers: Record<string, string> = {}) =>
  ["POST /api/uploads HTTP/1.1", "Host: 127.0.0.1", "Transfer-Encoding: chunked", "Content-Type: multipart/form-data; boundary=b", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
const zeros = Buffer.alloc(64 * 1024);
/** A body that is one file part, endless: its head, then zeros. */
const oneFile = (field: string, name: string) => {
  const head = partHead(field, name);
  return (offset: number) => (offset === 0 ? Buffer.concat([head, zeros.subarray(head.length)]) : zeros);
};

type SendOptions = Parameters<ReturnType<typeof keepAliveClient>["send"]>[2];
type EarlyCase = { label: string; base: string; method: string; path: string; options: SendOptions; status: number; next: string };

/** Each case on a fresh keep-alive client: its answer must close the connection, and the next request be answered. */
async function earlyAnswerFailures(cases: EarlyCase[]): Promise<string[]> {
  const failures: string[] = [];
  for (const { label, base, method, path, options, status, next } of cases) {
    const client = keepAliveClient(base);
    try {
      const first = await client.send(method, path, options);
      if (first.status !== status) failures.push(`${label}: ${first.status}, not ${status}`);
      if (first.headers.connection !== "close") failures.push(`${label}: the answer keeps the connection (${first.headers.connection})`);
      const after = await client.send("GET", next);
      if (after.status !== 200) failures.push(`${label}: the next request got ${after.status}`);
    } catch (error) {
      failures.push(`${label}: ${(error as Error).message}`);
    } finally {
      client.close();
    }
  }
  return failures;
}

describe("an answer written before the body was read closes its connection (issue 29, point 1)", () => {
  it("after every kind of early answer, the keep-alive client's next request is answered", async () => {
    const token = await staffToken();
    const bigWebhook = "x".repeat(3 * MB);
    const json = { "content-type": "application/json" };
    const main = (label: string, method: string, path: string, options: SendOptions, status: number): EarlyCase => ({ label, base: app.url, method, path, options, status, next: "/api/health/live" });
    const failures = await earlyAnswerFailures([
      main("a 2 MB JSON body, signed in: the route wrapper's 413", "POST", "/api/notes", { headers: { ...bearer(token), ...json }, body: json2mb }, 413),
      main("a 2 MB JSON body, signed out: the route wrapper's 401", "POST", "/api/notes", { headers: json, body: json2mb }, 401),
      main("a chunked body, signed out: 401", "POST", "/api/notes", { headers: json, body: json2mb, chunked: true }, 401),
      main("a body to a method the route lacks: the API router's 405", "PUT", "/api/auth/me", { body: json2mb }, 405),
      main("a body on a GET", "GET", "/api/auth/me", { body: json2mb }, 401),
      main("a webhook over 2 MB: the direct route's 413", "POST", "/api/webhooks/messenger", { headers: signed(bigWebhook), body: bigWebhook }, 413),
      main("a path that does not decode: 400", "POST", "/api/pages/%zz", { body: json2mb }, 400),
      main("a page path: the handler after the router (Next's place)", "POST", "/chats", { body: json2mb }, 404),
    ]);
    expect(failures).toEqual([]);
  });

  it("an answer after the whole body keeps the connection: the next request reuses it", async () => {
    const client = keepAliveClient(app.url);
    try {
      const first = await client.send("POST", "/api/notes", { headers: { "content-type": "application/json" }, body: "{}" });
      expect([first.status, first.headers.connection]).toEqual([401, "keep-alive"]);
      const next = await client.send("GET", "/api/health/live");
      expect([next.status, next.reused]).toEqual([200, true]);
    } finally {
      client.close();
    }
  });

  it("a signed-out chunked 48 MB upload is answered 401 at once and the connection closed; most of it is never sent", async () => {
    const result = await streamChunked(app.port, uploadHead(), 48 * MB, oneFile("images", "big.png"));
    expect(result.response).toMatch(/^HTTP\/1\.1 401 /);
    expect(result.response).toMatch(/\r\nconnection: close\r\n/i);
    expect(result.closedByServer).toBe(true);
    // What the socket buffers hold plus the bounded read after the answer (server/http/early-answers.ts).
    expect(result.sent).toBeLessThan(24 * MB);
  });

  it("the webhook's own port and the worker's listener close after an early answer too", async () => {
    const bigWebhook = "x".repeat(3 * MB);
    const webhookPort = `http://127.0.0.1:${webhooks.port}`;
    const failures = await earlyAnswerFailures([
      { label: "webhook port, 3 MB delivery", base: webhookPort, method: "POST", path: "/api/webhooks/messenger", options: { headers: signed(bigWebhook), body: bigWebhook }, status: 413, next: "/api/health/live" },
      { label: "webhook port, another path", base: webhookPort, method: "POST", path: "/api/notes", options: { body: json2mb }, status: 404, next: "/api/health/live" },
      { label: "worker listener, a POST", base: workerUrl, method: "POST", path: "/live", options: { body: json2mb }, status: 404, next: "/live" },
    ]);
    expect(failures).toEqual([]);
  });
});

describe("uploads are read as they arrive, every cap enforced while reading (issue 29, point 2)", () => {
  it.each([
    ["a chunked 48 MB image is refused at its 8 MB cap", "images", "big.png", 48, "big.png is larger than 8 MB", 24],
    ["a chunked 80 MB file is refused at its 25 MB cap, before the body's own cap", "files", "film.mp4", 80, "film.mp4 is larger than 25 MB", 48],
  ])("%s, the connection closed, the rest never read", async (_, field, name, totalMb, message, sentBelowMb) => {
    const result = await streamChunked(app.port, uploadHead(bearer(await staffToken())), totalMb * MB, oneFile(field, name));
    expect(result.response).toMatch(/^HTTP\/1\.1 413 /);
    expect(result.response).toContain(message);
    expect(result.closedByServer).toBe(true);
    expect(result.sent).toBeLessThan(sentBelowMb * MB);
  });

  it("a chunked upload within the caps is stored byte for byte, and the connection stays usable", async () => {
    const form = new FormData();
    form.append("images", new File([new Uint8Array(PNG)], "dot.png", { type: "image/png" }));
    const encoded = new Response(form);
    const body = Buffer.from(await encoded.arrayBuffer());
    const client = keepAliveClient(app.url);
    try {
      const res = await client.send("POST", "/api/uploads", { headers: { ...bearer(await staffToken()), "content-type": encoded.headers.get("content-type")! }, body, chunked: true });
      expect(res.status).toBe(200);
      const url = new URL(JSON.parse(res.body).images[0].imageUrl as string);
      const served = await client.send("GET", url.pathname);
      expect([served.status, served.reused]).toEqual([200, true]);
      expect(Buffer.from(served.body, "latin1").length).toBeGreaterThan(0);
      expect((await fetch(`${app.url}${url.pathname}`).then((r) => r.arrayBuffer()).then((b) => Buffer.from(b))).equals(PNG)).toBe(true);
    } finally {
      client.close();
    }
  });
});

describe("one spelling of a path: every spelling gets the same handler and the same limits (issue 29, point 3)", () => {
  const WEBHOOK_SPELLINGS = [
    "/api/webhooks/messenger/",
    "//api/webhooks/messenger",
    "/api//webhooks/messenger",
    "/api/webhooks/%6Dessenger",
    "/api/./webhooks/messenger",
    "/api/webhooks/messenger/.",
    "/api/webhooks/x/../messenger",
    "/api\\webhooks\\messenger",
  ];

  it("every spelling of the webhook is its handler with its 2 MB cap, on the main port and on its own", async () => {
    const big = JSON.stringify({ object: "page", entry: [], pad: "x".repeat(3 * MB) });
    const small = JSON.stringify({ object: "page", entry: [{ id: "1", time: 1, messaging: [] }] });
    const failures: string[] = [];
    for (const base of [app.url, `http://127.0.0.1:${webhooks.port}`]) {
      for (const path of WEBHOOK_SPELLINGS) {
        const client = keepAliveClient(base);
        try {
          const refused = await client.send("POST", path, { headers: signed(big), body: big });
          if (refused.status !== 413) failures.push(`${base}${path}: a signed 3 MB body got ${refused.status}, not 413`);
          const chunked = await client.send("POST", path, { headers: signed(big), body: big, chunked: true });
          if (chunked.status !== 413) failures.push(`${base}${path}: chunked, a signed 3 MB body got ${chunked.status}, not 413`);
          const ok = await client.send("POST", path, { headers: signed(small), body: small });
          if (ok.status !== 200 || ok.body !== "EVENT_RECEIVED") failures.push(`${base}${path}: a signed delivery got ${ok.status} ${ok.body.slice(0, 60)}`);
        } catch (error) {
          failures.push(`${base}${path}: ${(error as Error).message}`);
        } finally {
          client.close();
        }
      }
    }
    expect(failures).toEqual([]);
    // Nothing over the cap was stored or quarantined, whatever the spelling.
    expect(await db.webhookQuarantine.count()).toBe(0);
    expect(await db.webhookEvent.count()).toBe(WEBHOOK_SPELLINGS.length * 2);
  });

  it("every spelling of an API route answers as the route does, with the route's limits", async () => {
    const token = await staffToken();
    const client = keepAliveClient(app.url);
    try {
      const canonical = await client.send("GET", "/api/auth/me", { headers: bearer(token) });
      expect(canonical.status).toBe(200);
      const canonicalNote = await client.send("POST", "/api/notes", { headers: { ...bearer(token), "content-type": "application/json" }, body: "{}" });
      expect(canonicalNote.status).toBe(400);
      const failures: string[] = [];
      for (const [me, notes] of [
        ["/api/auth/me/", "/api/notes/"],
        ["//api/auth/me", "//api/notes"],
        ["/api//auth//me", "/api//notes"],
        ["/api/auth/%6De", "/api/%6Eotes"],
        ["/api/./auth/me", "/api/./notes"],
        ["/api/auth/me/.", "/api/notes/."],
        ["/api/x/../auth/me", "/api/x/../notes"],
        ["/x/../api/auth/me", "/%61pi/notes"],
      ]) {
        const read = await client.send("GET", me!, { headers: bearer(token) });
        if (read.status !== 200 || read.body !== canonical.body) failures.push(`GET ${me}: ${read.status} ${read.body.slice(0, 60)}`);
        const invalid = await client.send("POST", notes!, { headers: { ...bearer(token), "content-type": "application/json" }, body: "{}" });
        if (invalid.status !== 400 || invalid.body !== canonicalNote.body) failures.push(`POST ${notes} {}: ${invalid.status} ${invalid.body.slice(0, 60)}`);
        const big = await client.send("POST", notes!, { headers: { ...bearer(token), "content-type": "application/json" }, body: json2mb });
        if (big.status !== 413) failures.push(`POST ${notes} 2 MB: ${big.status}`);
      }
      expect(failures).toEqual([]);
    } finally {
      client.close();
    }
  });

  it("an encoded slash stays inside its segment: it never splits a parameter into two", async () => {
    const client = keepAliveClient(app.url);
    try {
      const res = await client.send("GET", "/api/uploads/a%2F..%2F..%2Fpackage.json");
      expect(res.status).toBe(404);
    } finally {
      client.close();
    }
  });
});
