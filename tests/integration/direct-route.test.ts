import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db";
import { MAX_BODY_BYTES, serveDirect, serveRawBody } from "@/server/http/direct-route";
import { readBodyLimited } from "@/server/http/read-body";
import { receiveDelivery } from "@/server/http/webhook-delivery";
import { signatureFor } from "@/server/integrations/meta/webhook-signature";

// The custom server hands Meta's POSTs straight to the webhook's handler on the received bytes
// (server/lifecycle/app-server.ts; there is no route module for them), and serveDirect answers a fetch-style
// handler (health, metrics) the same way, over a real socket.

type Serve = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
const PATHS: [string, Serve][] = [
  ["the received bytes (the custom server)", (req, res) => serveRawBody(req, res, (body) => receiveDelivery(body, (req.headers["x-hub-signature-256"] as string | undefined) ?? null))],
  ["a fetch-style handler (serveDirect)", (req, res) => serveDirect(req, res, async (request) => {
    const answer = await receiveDelivery(Buffer.from(await readBodyLimited(request, MAX_BODY_BYTES)), request.headers.get("x-hub-signature-256"));
    return answer instanceof Response ? answer : new Response(answer.body, { status: answer.status, headers: { "Content-Type": answer.contentType } });
  })],
];

describe.each(PATHS)("webhook POST without Next's router, through %s", (_, serve) => {
  let server: Server;
  let url: string;

  beforeEach(async () => {
    server = createServer((req, res) => void serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/messenger`;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (body: string, signature: string | null) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) }, body });


  it("stores a signed delivery byte for byte and answers EVENT_RECEIVED", async () => {
    const body = JSON.stringify({ object: "page", entry: [{ id: "1", time: 1, messaging: [] }] });
    const res = await post(body, signatureFor(body, "integration-app-secret"));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("EVENT_RECEIVED");
    const rows = await db.webhookEvent.findMany();
    expect(rows.map((r) => r.payload)).toEqual([JSON.parse(body)]);
  });

  it("answers 401 for a bad signature, 200 + quarantine for a signed body that is not JSON, 413 above 2 MB; queues none", async () => {
    const body = JSON.stringify({ object: "page", entry: [] });
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, signatureFor(body, "another-secret"))).status).toBe(401);
    const notJson = "not json";
    // Signed by Meta: never refused (Meta would retry, then disable the webhook); kept for an operator.
    const bad = await post(notJson, signatureFor(notJson, "integration-app-secret"));
    expect(bad.status).toBe(200);
    expect(await db.webhookQuarantine.findMany({ select: { scope: true, raw: true } })).toEqual([{ scope: "body", raw: "not json" }]);
    // Above the transport's 2 MB cap the body is cut off before its signature can be checked.
    const huge = "x".repeat(3 * 1024 * 1024);
    expect((await post(huge, signatureFor(huge, "integration-app-secret"))).status).toBe(413);
    expect(await db.webhookEvent.count()).toBe(0);
  });
});
