import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isValidSignature } from "@/server/integrations/meta/webhook-signature";
import { parseWebhookBody } from "@/server/integrations/meta/webhook-body";
import { createSimulator, type Simulator } from "@/tools/simulator/create-simulator";

// The Messenger simulator against a tiny local webhook receiver: what it POSTs must be what Meta POSTs,
// and what it answers on the Graph side must be what Meta answers.

const SECRET = "simulator-test-app-secret";
const VERIFY_TOKEN = "simulator-test-verify-token";
const PAGE_A = { pageId: "200000000000001", name: "Shoes", accessToken: "PAGE_A_TOKEN_0001" };
const PAGE_B = { pageId: "200000000000002", name: "Outlet", accessToken: "PAGE_B_TOKEN_0002" };
const HOUR = 3_600_000;

// Parsed JSON off the wire; the assertions below are what check its shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Received = { method: string; url: string; headers: Record<string, string | string[] | undefined>; raw: string; json: Json };

/** Records every request; answers POSTs with the queued statuses (then 200) and the GET handshake. */
function webhookReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ method: req.method!, url: req.url!, headers: req.headers, raw, json: raw ? JSON.parse(raw) : undefined });
      const query = new URL(req.url!, "http://x").searchParams;
      if (req.method === "GET") {
        const ok = query.get("hub.mode") === "subscribe" && query.get("hub.verify_token") === VERIFY_TOKEN;
        res.writeHead(ok ? 200 : 403).end(ok ? query.get("hub.challenge") : "forbidden");
        return;
      }
      res.writeHead(statuses.shift() ?? 200).end("EVENT_RECEIVED");
    });
  });
  return {
    received,
    statuses,
    posts: () => received.filter((r) => r.method === "POST"),
    listen: () => new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receiver = webhookReceiver();
let sim: Simulator;

async function http(method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(`${sim.url}${path}`, { method, headers, body: options.body !== undefined ? JSON.stringify(options.body) : options.raw });
  const text = await res.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (HTML, images)
  }
  return { status: res.status, headers: res.headers, body };
}

const control = (method: string, path: string, body?: unknown) => http(method, `/sim${path}`, body === undefined ? {} : { body });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sendApi = (body: unknown, token = PAGE_A.accessToken, pageId = PAGE_A.pageId) => http("POST", `/v25.0/${pageId}/messages`, { body, headers: bearer(token) });
const textReply = (psid: string, text = "Hello from the page", extra: Record<string, unknown> = {}) =>
  sendApi({ recipient: { id: psid }, messaging_type: "RESPONSE", message: { text }, ...extra });

async function customer(options: { pageId?: string; wroteAgoMs?: number; profileError?: boolean } = {}) {
  const pageId = options.pageId ?? PAGE_A.pageId;
  const res = await control("POST", "/customers", { pageId, firstName: "Ana", lastName: "Lima", profileError: options.profileError });
  expect(res.status).toBe(201);
  const psid: string = res.body.psid;
  if (options.wroteAgoMs !== undefined) {
    const wrote = await control("POST", "/messages", { pageId, psid, text: "Hi!", timestamp: Date.now() - options.wroteAgoMs });
    expect(wrote.body.delivered).toBe(true);
  }
  receiver.received.length = 0;
  return psid;
}

const expectGraphError = (res: { status: number; body: Json }, code: number, subcode?: number, status = 400) => {
  expect(res.status).toBe(status);
  expect(res.body.error).toMatchObject({ type: "OAuthException", code, fbtrace_id: expect.any(String) });
  if (subcode === undefined) expect(res.body.error.error_subcode).toBeUndefined();
  else expect(res.body.error.error_subcode).toBe(subcode);
};

beforeAll(async () => {
  const webhookUrl = await receiver.listen();
  sim = await createSimulator({ port: 0, webhookUrl, appSecret: SECRET, verifyToken: VERIFY_TOKEN, echoDelayMs: 5, retryBaseDelayMs: 5, pages: [PAGE_A, PAGE_B] });
});

afterAll(async () => {
  await sim.close();
  await receiver.close();
});

beforeEach(async () => {
  await sim.whenIdle();
  expect((await control("POST", "/reset", {})).status).toBe(200);
  Object.assign(sim.settings, { webhookRetries: 3, rateLimitPerSecond: 0, sendEchoes: true, sendDeliveries: true, stickerAttachmentType: "sticker" });
  receiver.received.length = 0;
  receiver.statuses.length = 0;
});

describe("webhook deliveries (customer → app)", () => {
  it("signs the raw body with X-Hub-Signature-256 = sha256 HMAC of the app secret", async () => {
    const psid = await customer();
    const res = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "Where is my order?" });
    expect(res.body).toMatchObject({ mid: expect.stringMatching(/^m_/), delivered: true, status: 200 });

    const [post] = receiver.posts();
    const expected = `sha256=${createHmac("sha256", SECRET).update(post!.raw).digest("hex")}`;
    expect(post!.headers["x-hub-signature-256"]).toBe(expected);
    expect(post!.headers["x-hub-signature"]).toBe(`sha1=${createHmac("sha1", SECRET).update(post!.raw).digest("hex")}`);
    expect(post!.headers["content-type"]).toBe("application/json");
    // The app's own verifier accepts it, and rejects it under another secret.
    expect(isValidSignature(Buffer.from(post!.raw), expected, SECRET)).toBe(true);
    expect(isValidSignature(Buffer.from(post!.raw), expected, "another-secret")).toBe(false);
  });

  it("builds the messages event exactly as Meta does: text, image, sticker, reply_to", async () => {
    const psid = await customer();
    const before = Date.now();
    const text = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "Hi there" });
    const image = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, imageUrl: "/samples/parcel.png", replyTo: text.body.mid });
    const sticker = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, stickerId: 369239263222822 });
    const [first, second, third] = receiver.posts().map((p) => p.json);

    expect(first).toEqual({
      object: "page",
      entry: [{ id: PAGE_A.pageId, time: expect.any(Number), messaging: [{ sender: { id: psid }, recipient: { id: PAGE_A.pageId }, timestamp: expect.any(Number), message: { mid: text.body.mid, text: "Hi there" } }] }],
    });
    expect(first.entry[0].messaging[0].timestamp).toBeGreaterThanOrEqual(before);
    expect(second.entry[0].messaging[0].message).toEqual({
      mid: image.body.mid,
      attachments: [{ type: "image", payload: { url: `${sim.url}/samples/parcel.png` } }],
      reply_to: { mid: text.body.mid },
    });
    expect(third.entry[0].messaging[0].message).toEqual({
      mid: sticker.body.mid,
      attachments: [{ type: "sticker", payload: { url: `${sim.url}/stickers/369239263222822.png`, sticker_id: 369239263222822 } }],
    });
    const png = await fetch(`${sim.url}/samples/parcel.png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await png.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
  });

  it("can send stickers in the pre-2026 shape (image attachment plus message.sticker_id)", async () => {
    sim.settings.stickerAttachmentType = "image";
    const psid = await customer();
    await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, stickerId: "369239263222822" });
    const message = receiver.posts()[0]!.json.entry[0].messaging[0].message;
    expect(message.attachments[0]).toMatchObject({ type: "image", payload: { sticker_id: 369239263222822 } });
    expect(message.sticker_id).toBe(369239263222822);
  });

  it("delivers a duplicate as the very same body twice", async () => {
    const psid = await customer();
    const res = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "twice", duplicate: true });
    expect(res.body).toMatchObject({ delivered: true, status: 200 });
    expect(res.body.deliveries).toHaveLength(2);
    const [a, b] = receiver.posts();
    expect(a!.raw).toBe(b!.raw);
    expect(a!.headers["x-hub-signature-256"]).toBe(b!.headers["x-hub-signature-256"]);
    expect(a!.json.entry[0].messaging[0].message.mid).toBe(res.body.mid);
  });

  it("retries with backoff while the app answers 500, and reports a delivery that never succeeded", async () => {
    const psid = await customer();
    receiver.statuses.push(500, 503);
    const retried = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "eventually" });
    expect(retried.body).toMatchObject({ delivered: true, status: 200, deliveries: [{ attempts: 3 }] });
    expect(receiver.posts()).toHaveLength(3);
    expect(new Set(receiver.posts().map((p) => p.raw)).size).toBe(1);

    sim.settings.webhookRetries = 2;
    receiver.statuses.push(500, 500, 500);
    const failed = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "never" });
    expect(failed.body).toMatchObject({ delivered: false, status: 500, deliveries: [{ attempts: 3 }] });
    const events = (await control("GET", "/events")).body;
    expect(events.at(-1)).toMatchObject({ kind: "message", delivered: false, status: 500 });
    expect(events.at(-1).attempts.map((a: { status: number }) => a.status)).toEqual([500, 500, 500]);
  });

  it("batches: one POST with several entries, grouped per page, or separate POSTs newest first", async () => {
    const psid = await customer();
    const events = ["one", "two", "three"].map((text) => ({ pageId: PAGE_A.pageId, psid, text }));

    const single = await control("POST", "/batch", { events, singleRequest: true, outOfOrder: true });
    expect(single.body).toMatchObject({ delivered: true, deliveries: [{ status: 200 }] });
    const body = receiver.posts()[0]!.json;
    expect(body.entry).toHaveLength(3);
    expect(body.entry.map((e: Json) => e.messaging[0].message.text)).toEqual(["three", "two", "one"]);
    const stamps = body.entry.map((e: Json) => e.messaging[0].timestamp);
    expect(stamps[0]).toBeGreaterThan(stamps[2]);

    receiver.received.length = 0;
    await control("POST", "/batch", { events, singleRequest: true, shareEntry: true });
    expect(receiver.posts()[0]!.json.entry).toHaveLength(1);
    expect(receiver.posts()[0]!.json.entry[0].messaging.map((m: Json) => m.message.text)).toEqual(["one", "two", "three"]);

    receiver.received.length = 0;
    const separate = await control("POST", "/batch", { events, outOfOrder: true });
    expect(separate.body.deliveries).toHaveLength(3);
    expect(receiver.posts().map((p) => p.json.entry[0].messaging[0].message.text)).toEqual(["three", "two", "one"]);
  });

  it("sends reads, deliveries, postbacks and Page-inbox echoes in Meta's shapes", async () => {
    const psid = await customer();
    const a = PAGE_A.pageId;
    await control("POST", "/read", { pageId: a, psid, watermark: 1_700_000_000_000 });
    await control("POST", "/delivery", { pageId: a, psid, mids: ["m_abc"], watermark: 1_700_000_000_001 });
    await control("POST", "/delivery", { pageId: a, psid });
    const postback = await control("POST", "/postback", { pageId: a, psid, title: "Get started", payload: "GET_STARTED" });
    const echo = await control("POST", "/echo", { pageId: a, psid, text: "Typed in the Page inbox" });
    await sim.whenIdle();

    const items = receiver.posts().map((p) => p.json.entry[0].messaging[0]);
    const fromCustomer = { sender: { id: psid }, recipient: { id: a }, timestamp: expect.any(Number) };
    expect(items[0]).toEqual({ ...fromCustomer, read: { watermark: 1_700_000_000_000 } });
    // Deliveries have no timestamp, as in Meta's reference example (the app takes the entry's time).
    const { timestamp: _, ...receipt } = fromCustomer;
    expect(items[1]).toEqual({ ...receipt, delivery: { mids: ["m_abc"], watermark: 1_700_000_000_001 } });
    expect(items[2]).toEqual({ ...receipt, delivery: { watermark: expect.any(Number) } });
    expect(items[3]).toEqual({ ...fromCustomer, postback: { mid: postback.body.mid, title: "Get started", payload: "GET_STARTED" } });
    expect(items[4]).toEqual({
      sender: { id: a },
      recipient: { id: psid },
      timestamp: expect.any(Number),
      message: { mid: echo.body.mid, is_echo: true, app_id: 263902037430900, text: "Typed in the Page inbox" },
    });
    expect(items[5]).toEqual({ ...receipt, delivery: { mids: [echo.body.mid], watermark: expect.any(Number) } });
    // A Page-inbox reply is not a Send API call, and a postback opens the messaging window.
    expect((await control("GET", "/sent")).body).toEqual([]);
    expect((await textReply(psid)).status).toBe(200);
  });

  it("speaks the app's webhook parser (contract with server/integrations/meta/webhook-body.ts)", async () => {
    const psid = await customer();
    const message = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid, text: "Hi", imageUrl: "/samples/sunset.png" });
    const sent = await textReply(psid, "Hello!");
    await sim.whenIdle();
    const events = receiver.posts().flatMap((p) => parseWebhookBody(p.json));
    expect(events.map((e) => e.kind)).toEqual(["message", "message", "delivery"]);
    expect(events[0]).toMatchObject({ pageId: PAGE_A.pageId, psid, mid: message.body.mid, text: "Hi", isEcho: false, attachments: [{ type: "image" }] });
    expect(events[1]).toMatchObject({ pageId: PAGE_A.pageId, psid, mid: sent.body.message_id, text: "Hello!", isEcho: true, appId: "1234567890" });
    expect(events[2]).toMatchObject({ pageId: PAGE_A.pageId, psid, mids: [sent.body.message_id] });
  });

  it("performs the GET subscription handshake with the verify token", async () => {
    const res = await control("POST", "/subscribe", {});
    expect(res.body).toEqual({ verified: true, status: 200 });
    const get = receiver.received.find((r) => r.method === "GET")!;
    expect(get.url).toMatch(/hub\.mode=subscribe&hub\.verify_token=simulator-test-verify-token&hub\.challenge=\w+/);
  });
});

describe("Send API (app → Meta)", () => {
  it("accepts a reply, records it, then delivers its echo and its delivery receipt", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    const res = await textReply(psid, "Your order ships today");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ recipient_id: psid, message_id: expect.stringMatching(/^m_[\w-]+$/) });
    expect(res.headers.get("x-business-use-case-usage")).toContain(PAGE_A.pageId);

    const sent = (await control("GET", `/sent?pageId=${PAGE_A.pageId}&psid=${psid}`)).body;
    expect(sent).toEqual([
      expect.objectContaining({ pageId: PAGE_A.pageId, psid, messagingType: "RESPONSE", message: { text: "Your order ships today" }, mid: res.body.message_id, time: expect.any(Number) }),
    ]);

    await sim.whenIdle();
    const [echo, delivery] = receiver.posts().map((p) => p.json);
    expect(echo.entry[0].messaging[0]).toEqual({
      sender: { id: PAGE_A.pageId },
      recipient: { id: psid },
      timestamp: expect.any(Number),
      message: { mid: res.body.message_id, is_echo: true, app_id: 1234567890, text: "Your order ships today" },
    });
    expect(delivery.entry[0].messaging[0]).toEqual({
      sender: { id: psid },
      recipient: { id: PAGE_A.pageId },
      delivery: { mids: [res.body.message_id], watermark: expect.any(Number) },
    });
    // The web page's thread view shows both sides in order.
    const thread = (await control("GET", `/thread?pageId=${PAGE_A.pageId}&psid=${psid}`)).body;
    expect(thread.map((m: Json) => [m.from, m.text])).toEqual([["customer", "Hi!"], ["page", "Your order ships today"]]);
    expect(thread[0].webhook).toEqual({ delivered: true, pending: false, status: 200 });
  });

  it("leaves the echo and receipt out when disabled, and passes metadata through to the echo", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    sim.settings.sendDeliveries = false;
    await sendApi({ recipient: { id: psid }, messaging_type: "RESPONSE", message: { text: "tagged", metadata: "outbox:42" } });
    await sim.whenIdle();
    expect(receiver.posts()).toHaveLength(1);
    expect(receiver.posts()[0]!.json.entry[0].messaging[0].message.metadata).toBe("outbox:42");
    sim.settings.sendEchoes = false;
    await textReply(psid);
    await sim.whenIdle();
    expect(receiver.posts()).toHaveLength(1);
  });

  it("takes /me/messages with the token in the query and Graph's form encoding", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    const form = new URLSearchParams({ recipient: JSON.stringify({ id: psid }), messaging_type: "UPDATE", message: JSON.stringify({ text: "form" }) });
    const res = await http("POST", `/v25.0/me/messages?access_token=${PAGE_A.accessToken}`, { raw: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(200);
    expect(res.body.recipient_id).toBe(psid);
    expect(sim.state.sent.at(-1)).toMatchObject({ messagingType: "UPDATE", content: { text: "form" } });
  });

  it("enforces the messaging window: 24 h for RESPONSE/UPDATE, 7 days for HUMAN_AGENT", async () => {
    const send = (psid: string, messaging_type: string, tag?: string) => sendApi({ recipient: { id: psid }, messaging_type, ...(tag ? { tag } : {}), message: { text: "hi" } });
    const neverWrote = await customer();
    const res = await send(neverWrote, "RESPONSE");
    expectGraphError(res, 10, 2018278);
    expect(res.body.error.message).toContain("This message is sent outside of allowed window");

    const fresh = await customer({ wroteAgoMs: 23 * HOUR });
    expect((await send(fresh, "RESPONSE")).status).toBe(200);
    expect((await send(fresh, "UPDATE")).status).toBe(200);

    const dayOld = await customer({ wroteAgoMs: 25 * HOUR });
    expectGraphError(await send(dayOld, "RESPONSE"), 10, 2018278);
    expectGraphError(await send(dayOld, "UPDATE"), 10, 2018278);
    expect((await send(dayOld, "MESSAGE_TAG", "HUMAN_AGENT")).status).toBe(200);

    const weekOld = await customer({ wroteAgoMs: 7 * 24 * HOUR + HOUR });
    expectGraphError(await send(weekOld, "MESSAGE_TAG", "HUMAN_AGENT"), 10, 2018278);
    expect(sim.state.sent).toHaveLength(3);
  });

  it("validates like Meta: recipient, messaging_type, tags, text length, unknown PSID", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    expectGraphError(await sendApi({ messaging_type: "RESPONSE", message: { text: "x" } }), 100);
    expectGraphError(await sendApi({ recipient: { id: psid }, message: { text: "x" } }), 100);
    expectGraphError(await sendApi({ recipient: { id: psid }, messaging_type: "RESPONSE" }), 100);
    expectGraphError(await sendApi({ recipient: { id: psid }, messaging_type: "RESPONSE", message: { text: " " } }), 100, 2018034);
    expectGraphError(await sendApi({ recipient: { id: psid }, messaging_type: "MESSAGE_TAG", message: { text: "x" } }), 100);
    for (const tag of ["ACCOUNT_UPDATE", "CONFIRMED_EVENT_UPDATE", "POST_PURCHASE_UPDATE"]) {
      const res = await sendApi({ recipient: { id: psid }, messaging_type: "MESSAGE_TAG", tag, message: { text: "x" } });
      expectGraphError(res, 100);
      expect(res.body.error.message).toContain(tag);
    }
    expect((await textReply(psid, "é".repeat(1999))).status).toBe(200);
    const tooLong = await textReply(psid, "a".repeat(2000));
    expectGraphError(tooLong, 100);
    expect(tooLong.body.error.message).toContain("2000");
    const unknown = await textReply("9999999999999999");
    expectGraphError(unknown, 100, 2018001);
    expect(unknown.body.error.message).toBe("(#100) No matching user found");
    expect(sim.state.sent).toHaveLength(1);
  });

  it("answers error 190 for a missing, unknown or other page's token", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    const body = { recipient: { id: psid }, messaging_type: "RESPONSE", message: { text: "x" } };
    const missing = await http("POST", `/v25.0/${PAGE_A.pageId}/messages`, { body });
    expectGraphError(missing, 190);
    expect(missing.body.error.message).toBe("Invalid OAuth access token.");
    expectGraphError(await sendApi(body, "not-a-token"), 190);
    expectGraphError(await sendApi(body, PAGE_B.accessToken), 190);
    expectGraphError(await http("GET", `/v25.0/${psid}?fields=first_name`, { headers: bearer("nope") }), 190);
    expect(sim.state.sent).toHaveLength(0);
  });

  it("enforces an optional per-page rate limit with (#613)", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    sim.settings.rateLimitPerSecond = 2;
    expect((await textReply(psid)).status).toBe(200);
    expect((await textReply(psid)).status).toBe(200);
    const limited = await textReply(psid);
    expectGraphError(limited, 613);
    expect(JSON.parse(limited.headers.get("x-business-use-case-usage")!)[PAGE_A.pageId][0]).toMatchObject({ call_count: 100 });
  });
});

describe("injected Graph errors", () => {
  const cases = [
    { code: 551, subcode: 1545041, status: 400, message: "(#551) This person isn't available right now." },
    { code: 10, subcode: 2018278, status: 400, message: "(#10) This message is sent outside of allowed window." },
    { code: 190, status: 400, message: "Invalid OAuth access token." },
    { code: 613, status: 400, message: "(#613) Calls to this api have exceeded the rate limit." },
    { code: 4, status: 400, message: "(#4) Application request limit reached" },
    { code: 17, status: 400, message: "(#17) User request limit reached" },
    { code: 32, status: 400, message: "(#32) Page request limit reached" },
    { code: 2, status: 500, message: "An unexpected error has occurred. Please retry your request later.", transient: true },
    { code: 1200, status: 500, message: "(#1200) Temporary send message failure. Please try again later.", transient: true },
    { code: 100, status: 400, message: "(#100) Invalid parameter" },
  ];

  for (const c of cases) {
    it(`fails the next Send API call with (#${c.code}) and then sends normally`, async () => {
      const psid = await customer({ wroteAgoMs: 0 });
      const injected = await control("POST", "/errors", { code: c.code });
      expect(injected.status).toBe(201);
      const failed = await textReply(psid);
      expectGraphError(failed, c.code, c.subcode, c.status);
      expect(failed.body.error.message.startsWith(c.message)).toBe(true);
      expect(failed.body.error.is_transient).toBe(c.transient);
      expect((await textReply(psid)).status).toBe(200);
      expect(sim.state.sent).toHaveLength(1);
    });
  }

  it("scopes by page and customer, counts, overrides status and subcode, and clears", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    const other = await customer({ wroteAgoMs: 0 });
    await control("POST", "/errors", { pageId: PAGE_A.pageId, psid, code: 100, subcode: 2018001, count: 2, httpStatus: 404 });
    expect((await textReply(other)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await textReply(psid);
      expectGraphError(res, 100, 2018001, 404);
      expect(res.body.error.message).toBe("(#100) No matching user found");
    }
    expect((await textReply(psid)).status).toBe(200);

    await control("POST", "/errors", { code: 551, count: 5 });
    expect((await control("GET", "/errors")).body).toEqual([expect.objectContaining({ code: 551, remaining: 5 })]);
    expect((await control("DELETE", "/errors")).body).toEqual({ cleared: 1 });
    expect((await textReply(psid)).status).toBe(200);
  });
});

describe("attachments and profiles", () => {
  it("uploads an image by URL and sends it by attachment_id; the echo carries its URL", async () => {
    const psid = await customer({ wroteAgoMs: 0 });
    const url = "https://cdn.example.test/offer.png";
    const upload = await http("POST", `/v25.0/${PAGE_A.pageId}/message_attachments`, {
      body: { message: { attachment: { type: "image", payload: { url, is_reusable: true } } } },
      headers: bearer(PAGE_A.accessToken),
    });
    expect(upload.status).toBe(200);
    expect(upload.body).toEqual({ attachment_id: expect.stringMatching(/^\d{15}$/) });

    const sent = await sendApi({ recipient: { id: psid }, messaging_type: "UPDATE", message: { attachment: { type: "image", payload: { attachment_id: upload.body.attachment_id } } } });
    expect(sent.status).toBe(200);
    await sim.whenIdle();
    expect(receiver.posts()[0]!.json.entry[0].messaging[0].message).toMatchObject({ is_echo: true, attachments: [{ type: "image", payload: { url } }] });

    const sendById = (attachment_id: string) => sendApi({ recipient: { id: psid }, messaging_type: "UPDATE", message: { attachment: { type: "image", payload: { attachment_id } } } });
    expectGraphError(await sendById("123"), 100);
    const ofPageB = await http("POST", `/v25.0/${PAGE_B.pageId}/message_attachments`, {
      body: { message: { attachment: { type: "image", payload: { url, is_reusable: true } } } },
      headers: bearer(PAGE_B.accessToken),
    });
    expectGraphError(await sendById(ofPageB.body.attachment_id), 100);
    const badType = await http("POST", `/v25.0/${PAGE_A.pageId}/message_attachments`, { body: { message: { attachment: { type: "sticker", payload: { url } } } }, headers: bearer(PAGE_A.accessToken) });
    expectGraphError(badType, 100);
  });

  it("accepts a multipart file upload and serves the file back", async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const form = new FormData();
    form.set("message", JSON.stringify({ attachment: { type: "image", payload: { is_reusable: true } } }));
    form.set("filedata", new Blob([bytes], { type: "image/png" }), "photo.png");
    const res = await fetch(`${sim.url}/v25.0/${PAGE_A.pageId}/message_attachments?access_token=${PAGE_A.accessToken}`, { method: "POST", body: form });
    const { attachment_id } = (await res.json()) as { attachment_id: string };
    expect(res.status).toBe(200);
    const file = await fetch(sim.state.attachments.get(attachment_id)!.url);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
  });

  it("answers a profile with only the requested fields and a fetchable profile_pic", async () => {
    const psid = await customer();
    const res = await http("GET", `/v25.0/${psid}?fields=first_name,last_name,profile_pic`, { headers: bearer(PAGE_A.accessToken) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: psid, first_name: "Ana", last_name: "Lima", profile_pic: `${sim.url}/avatars/${psid}.svg` });
    const avatar = await fetch(res.body.profile_pic);
    expect(avatar.headers.get("content-type")).toBe("image/svg+xml");
    expect(await avatar.text()).toContain(">AL<");

    const page = await http("GET", `/v25.0/me?fields=id,name&access_token=${PAGE_A.accessToken}`);
    expect(page.body).toEqual({ id: PAGE_A.pageId, name: "Shoes" });
    expectGraphError(await http("GET", `/v25.0/${psid}?fields=email`, { headers: bearer(PAGE_A.accessToken) }), 100);
  });

  it("answers a Graph error for a customer created with profileError, or another page's customer", async () => {
    const broken = await customer({ profileError: true });
    const res = await http("GET", `/v25.0/${broken}?fields=first_name,last_name,profile_pic`, { headers: bearer(PAGE_A.accessToken) });
    expectGraphError(res, 100, 33);
    expect(res.body.error.message).toContain(`Object with ID '${broken}' does not exist`);
    const elsewhere = await customer({ pageId: PAGE_B.pageId });
    expectGraphError(await http("GET", `/v25.0/${elsewhere}`, { headers: bearer(PAGE_A.accessToken) }), 100, 33);
  });
});

describe("Conversations API and lost answers", () => {
  const thread = (psid: string, token = PAGE_A.accessToken, pageId = PAGE_A.pageId) =>
    http("GET", `/v25.0/${pageId}/conversations?platform=messenger&user_id=${psid}&fields=messages.limit(10){id,created_time,from,message,attachments}`, { headers: bearer(token) });

  it("answers one person's thread with the page's and the customer's messages, newest first", async () => {
    const psid = await customer({ wroteAgoMs: 60_000 });
    const reply = await textReply(psid, "Our reply");
    const res = await thread(psid);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    const messages = res.body.data[0].messages.data;
    expect(messages.map((m: Json) => m.message)).toEqual(["Our reply", "Hi!"]);
    expect(messages[0]).toMatchObject({ id: reply.body.message_id, from: { id: PAGE_A.pageId, name: "Shoes" }, created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/) });
    expect(messages[1].from).toEqual({ id: psid, name: "Ana Lima" });
    expect((await thread("9999999999999999")).body).toEqual({ data: [] });
    expectGraphError(await thread(psid, PAGE_B.accessToken, PAGE_A.pageId), 190);
    await control("POST", "/errors", { psid, code: 2, endpoint: "conversations" });
    expectGraphError(await thread(psid), 2, undefined, 500);
    expect((await thread(psid)).status).toBe(200);
  });

  it("loses an answer after sending (the message exists) or before (nothing happened)", async () => {
    const psid = await customer({ wroteAgoMs: 60_000 });
    await control("POST", "/lose-answers", { psid });
    await expect(textReply(psid, "sent, answer lost")).rejects.toThrow();
    await control("POST", "/lose-answers", { psid, when: "before-send" });
    await expect(textReply(psid, "never sent")).rejects.toThrow();
    expect(sim.state.sent.map((s) => s.content.text)).toEqual(["sent, answer lost"]);
    expect((await textReply(psid, "normal")).status).toBe(200);
  });
});

describe("control API", () => {
  it("rejects bad input with 400 and names each field", async () => {
    const missing = await control("POST", "/customers", { pageId: "12ab" });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues).toEqual(
      expect.arrayContaining([
        { path: "pageId", message: "must be a numeric Facebook id (digits only)" },
        { path: "firstName", message: "is required" },
      ]),
    );
    const typo = await control("POST", "/messages", { pageId: PAGE_A.pageId, psid: "1", txt: "hi" });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toContain("txt");
    expect((await http("POST", "/sim/pages", { raw: "{not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await control("POST", "/errors", { code: "551" })).status).toBe(400);
    expect((await control("POST", "/pages", { pageId: "300", name: "X", accessToken: PAGE_A.accessToken })).status).toBe(409);
    expect((await control("POST", "/messages", { pageId: "999", psid: "1", text: "hi" })).status).toBe(404);
    expect((await control("POST", "/messages", { pageId: PAGE_A.pageId, psid: "1", text: "hi" })).status).toBe(404);
    expect((await control("GET", "/nothing-here")).status).toBe(404);
    expect((await control("DELETE", "/pages")).status).toBe(405);
  });

  it("registers pages idempotently and keeps them across a traffic reset, but not a full one", async () => {
    const page = { pageId: "300000000000003", name: "Support", accessToken: "PAGE_C_TOKEN_0003" };
    expect((await control("POST", "/pages", page)).status).toBe(201);
    expect((await control("POST", "/pages", { ...page, name: "Support desk" })).status).toBe(200);
    const psid = await customer({ pageId: page.pageId, wroteAgoMs: 0 });
    expect((await control("POST", "/customers", { pageId: page.pageId, psid, firstName: "Ana", lastName: "Lima" })).status).toBe(200);
    await control("POST", "/reset", {});
    expect((await control("GET", "/pages")).body.map((p: { name: string }) => p.name)).toContain("Support desk");
    expect((await control("GET", `/customers?pageId=${page.pageId}`)).body).toHaveLength(1);
    await control("POST", "/reset", { all: true });
    expect((await control("GET", "/pages")).body).toEqual([]);
    for (const p of [PAGE_A, PAGE_B]) await control("POST", "/pages", p);
  });

  it("serves a self-contained web page to write as a customer", async () => {
    const res = await http("GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.body).toContain("Messenger simulator");
    // No external assets: every src/href is relative or a fragment.
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    expect(res.body).not.toContain("<link");
  });
});
