import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiRouter } from "@/server/http/api-router";
import type { RouteHandler } from "@/server/http/route";
import { loadRoutePatterns } from "@/server/http/route-patterns";

// The custom server's own dispatch of the API's route handlers (production; server/http/api-router.ts):
// what Next's router did for a route handler must hold here too — params, query, bodies small and large,
// HEAD from GET, OPTIONS, 405 with Allow, every Set-Cookie — and real routes answer as they do through Next.

const handler = (fn: (request: Request, params: Record<string, string>) => Promise<Response> | Response) =>
  Object.assign(async (request: Request, context?: { params: Promise<Record<string, string | string[] | undefined>> }) => fn(request, (await context!.params) as Record<string, string>), { meta: { public: true } }) as RouteHandler;

const FAKE: Record<string, Record<string, RouteHandler>> = {
  "/api/things/[id]": {
    GET: handler((request, params) => {
      const headers = new Headers({ "Content-Type": "application/json", "X-Thing": params.id! });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response(JSON.stringify({ id: params.id, q: new URL(request.url).searchParams.get("q") }), { headers });
    }),
    POST: handler(async (request) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      return Response.json({ bytes: bytes.length, last: bytes.at(-1) ?? null, type: request.headers.get("content-type") });
    }),
  },
  "/api/broken": { GET: handler(() => Promise.reject(new Error("boom"))) },
};

let server: Server;
let base: string;
let served: string[];

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "api-router-"));
  for (const route of Object.keys(FAKE)) {
    const dir = path.join(root, ...route.split("/").slice(2));
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "route.ts"), "");
  }
  const fake = createApiRouter(loadRoutePatterns(root), async (route) => FAKE[route.pattern]!);
  const real = createApiRouter(loadRoutePatterns());
  served = [];
  server = createServer((req, res) => {
    const pathname = req.url!.split("?")[0]!;
    if (fake.serve(req, res, pathname) || real.serve(req, res, pathname)) return void served.push(pathname);
    res.writeHead(404, { "X-Fallback": "next" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request, for what fetch hides (several Set-Cookie headers, a chunked body, HEAD). */
function raw(method: string, url: string, body?: Buffer, chunked = false) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers: body && !chunked ? { "Content-Length": body.length, "Content-Type": "application/octet-stream" } : {} }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body && chunked) {
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
    } else if (body) req.write(body);
    req.end();
  });
}

describe("the API router", () => {
  it("calls the route's handler with its params and query, and writes every header it set", async () => {
    const res = await raw("GET", "/api/things/t%2041?q=shoes");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ id: "t 41", q: "shoes" });
    expect(res.headers["x-thing"]).toBe("t 41");
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("answers HEAD from GET without a body, OPTIONS with what is allowed, other methods 405", async () => {
    const head = await raw("HEAD", "/api/things/1");
    expect([head.status, head.headers["x-thing"], head.body]).toEqual([200, "1", ""]);
    const options = await raw("OPTIONS", "/api/things/1");
    expect([options.status, options.headers.allow]).toEqual([204, "GET, HEAD, POST, OPTIONS"]);
    const put = await raw("PUT", "/api/things/1", Buffer.from("{}"));
    expect([put.status, put.headers.allow]).toEqual([405, "GET, HEAD, POST, OPTIONS"]);
    // The connection is still usable after a refused body.
    expect((await raw("GET", "/api/things/2")).status).toBe(200);
  });

  it("hands small bodies whole and large or chunked ones as a stream, byte for byte", async () => {
    const small = await fetch(`${base}/api/things/1`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(await small.json()).toEqual({ bytes: 7, last: "}".charCodeAt(0), type: "application/json" });
    const big = Buffer.alloc(3 * 1024 * 1024 + 5, 7);
    big[big.length - 1] = 42;
    expect(JSON.parse((await raw("POST", "/api/things/1", big)).body)).toEqual({ bytes: big.length, last: 42, type: "application/octet-stream" });
    expect(JSON.parse((await raw("POST", "/api/things/1", big, true)).body)).toMatchObject({ bytes: big.length, last: 42 });
  });

  it("answers 500 in JSON when a handler fails outside its own error handling", async () => {
    const res = await raw("GET", "/api/broken");
    expect([res.status, JSON.parse(res.body)]).toEqual([500, { error: "internal", message: "Something went wrong" }]);
  });

  it("leaves paths that are no API route to the next handler", async () => {
    const res = await raw("GET", "/api/no/such/route/here");
    expect([res.status, res.headers["x-fallback"]]).toEqual([404, "next"]);
    expect(served).not.toContain("/api/no/such/route/here");
  });

  it("serves the real routes as they answer through Next: JSON errors, the route's own status codes", async () => {
    const me = await fetch(`${base}/api/auth/me`);
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ error: expect.any(String) });
    const bad = await fetch(`${base}/api/auth/otp`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Request body must be valid JSON" });
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
  });
});
