import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { rawHttpPool, type RawHttpPool } from "@/tests/bench/lib/raw-http";

// The load generator posts Meta's deliveries with its own small HTTP/1.1 client (tests/bench/lib/raw-http.ts).
// Every ack time and failure of the load benchmark comes through it: it must read Node's answers exactly,
// reuse its connections, survive the server closing them, and refuse what it cannot read.

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function serve(handler: http.RequestListener, keepAliveMs = 5_000) {
  const connections = new Set<string>();
  const server = http.createServer((req, res) => {
    connections.add(`${req.socket.remotePort}`);
    handler(req, res);
  });
  server.keepAliveTimeout = keepAliveMs;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, connections };
}

function pool(origin: string, size: number): RawHttpPool {
  const p = rawHttpPool(origin, size, 2_000);
  cleanups.push(() => p.destroy());
  return p;
}

const echo: http.RequestListener = (req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    res.writeHead(req.url === "/refuse" ? 401 : 200, { "Content-Type": "text/plain", "Server-Timing": "app;dur=1.25" });
    res.end(`${req.method} ${req.url} ${req.headers["x-hub-signature-256"]} ${body}`);
  });
};

describe("the load generator's webhook client", () => {
  it("posts the body and headers and reads status, body and the server's own time", async () => {
    const { origin } = await serve(echo);
    const client = pool(origin, 2);
    const res = await client.post("/api/webhooks/messenger", { "X-Hub-Signature-256": "sha256=ab" }, '{"object":"page","text":"héllo"}');
    expect(res).toMatchObject({ status: 200, body: 'POST /api/webhooks/messenger sha256=ab {"object":"page","text":"héllo"}', serverMs: 1.25 });
    expect(res.ms).toBeGreaterThan(0);
    expect((await client.post("/refuse", {}, "x")).status).toBe(401);
  });

  it("keeps at most its connections open and reuses them", async () => {
    const { origin, connections } = await serve(echo);
    const client = pool(origin, 3);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => client.post(`/n${i}`, {}, String(i))));
    expect(answers.map((a) => a.body.split(" ")[1])).toEqual(Array.from({ length: 30 }, (_, i) => `/n${i}`));
    expect(connections.size).toBe(3);
  });

  it("goes on after the server closes idle connections", async () => {
    const { origin } = await serve(echo, 50);
    const client = pool(origin, 2);
    expect((await client.post("/first", {}, "")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200)); // the server's keep-alive timeout passed: it closed them
    expect((await client.post("/second", {}, "")).status).toBe(200);
  });

  it("reads chunked answers, and refuses one it cannot read instead of guessing", async () => {
    const { origin } = await serve((_req, res) => {
      res.writeHead(200, { "Transfer-Encoding": "chunked" });
      res.write("part one, ");
      setTimeout(() => res.end("part two"), 20);
    });
    expect(await pool(origin, 1).post("/", {}, "")).toMatchObject({ status: 200, body: "part one, part two" });

    const net = await import("node:net");
    const broken = net.createServer((socket) => socket.once("data", () => socket.end("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n")));
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => broken.close(() => resolve())));
    await expect(pool(`http://127.0.0.1:${(broken.address() as { port: number }).port}`, 1).post("/", {}, "")).rejects.toThrow(/malformed chunk/);
  });
});
