import { randomBytes } from "node:crypto";
import { createServer, request, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { routeUpgrades } from "@/server/lifecycle/upgrades";
import { attachRealtime, type Realtime } from "@/server/realtime/index";
import { io } from "@/server/realtime/server";
import type { AuthedSocket } from "@/server/realtime/types";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { startRealServer } from "./support/real-server";

// What each socket keeps (issue #13: a Page's 1 000 agent sockets in ≤ 30 MB of the server's memory; see
// docs/PERFORMANCE.md). Each of these came back silently once or could: the upgrade request kept by
// Socket.IO and by engine.io's WebSocketResponse, Next's router running on Socket.IO's upgrades,
// per-message deflate, the token and the whole user copied onto the socket, a closure per socket and event.

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Full collections, with a turn of the event loop between them (WeakRefs are kept through their job). */
async function collect() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function world() {
  const acme = await makeCompany("Acme");
  const ann = await makeUser("staff", acme.id, { name: "Ann" });
  const page = await makePage(acme.id, [ann.id], "Shoes");
  return { ann, page, token: await tokenFor(ann) };
}

async function appServer() {
  const s = await startRealServer({ realtime: true });
  cleanups.push(() => s.close());
  return s;
}

/** The server side of every connected socket. */
const serverSockets = () => [...io()!.of("/").sockets.values()] as AuthedSocket[];

describe("what a socket keeps", () => {
  it("lets the upgrade request go once the socket is connected and joined", async () => {
    const w = await world();
    const s = await appServer();
    const requests: WeakRef<IncomingMessage>[] = [];
    s.server.prependListener("upgrade", (req: IncomingMessage) => requests.push(new WeakRef(req)));

    const sockets = [await openSocket(s.url, w.token), await openSocket(s.url, w.token)];
    cleanups.push(() => sockets.forEach((c) => c.close()));
    for (const c of sockets) expect(await c.emit("join-page", { pageId: w.page.id })).toMatchObject({ ok: true });
    expect(requests).toHaveLength(2);
    for (const socket of serverSockets()) expect(socket.request).toBeNull();

    await collect();
    // A request still alive here is kept by something for the connection's life (~3 KB a socket).
    expect(requests.filter((r) => r.deref() !== undefined)).toHaveLength(0);
    // The sockets still work after their requests are gone.
    expect(await sockets[0]!.emit("join-page", { pageId: w.page.id })).toMatchObject({ ok: true });
  });

  it("keeps the actor's ids, name and role, not the token, the e-mail or the headers", async () => {
    const w = await world();
    const s = await appServer();
    const c = await openSocket(s.url, w.token);
    cleanups.push(() => void c.close());
    const [socket] = serverSockets();
    expect(socket!.data.actor).toEqual({ id: w.ann.id, name: "Ann", role: "staff", companyId: w.ann.companyId });
    expect(socket!.handshake.auth).toEqual({});
    expect(socket!.handshake.headers).toEqual({});
  });

  it("shares one handler per event across sockets, with no closure per socket", async () => {
    const w = await world();
    const s = await appServer();
    const a = await openSocket(s.url, w.token);
    const b = await openSocket(s.url, w.token);
    cleanups.push(() => [a, b].forEach((c) => c.close()));
    const [one, two] = serverSockets();
    // "disconnecting" has two: presence's and the comments' typing (server/realtime/comment-typing.ts), each shared.
    const counts = { "join-page": 1, "join-offers": 1, "join-conversation": 1, "leave-conversation": 1, typing: 1, "presence-ping": 1, "comment-typing": 1, disconnecting: 2 } as const;
    for (const [event, count] of Object.entries(counts) as [keyof typeof counts, number][]) {
      expect(one!.listeners(event), event).toHaveLength(count);
      one!.listeners(event).forEach((listener, i) => expect(listener, event).toBe(two!.listeners(event)[i]));
    }
  });

  it("negotiates no per-message deflate, even when the client offers it", async () => {
    const s = await appServer();
    const port = (s.server.address() as AddressInfo).port;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({
        host: "127.0.0.1",
        port,
        path: "/socket.io/?EIO=4&transport=websocket",
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Version": "13",
          "Sec-WebSocket-Key": randomBytes(16).toString("base64"),
          "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits",
        },
      });
      req.once("upgrade", (res, socket) => {
        socket.destroy();
        resolve(res);
      });
      req.once("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.once("error", reject);
      req.end();
    });
    expect(response.statusCode).toBe(101);
    expect(response.headers["sec-websocket-extensions"]).toBeUndefined();
  });
});

describe("upgrades", () => {
  async function serverWithNext() {
    const server = createServer((_req, res) => res.writeHead(404).end());
    const realtime: Realtime = attachRealtime(server);
    const nextUpgrades = routeUpgrades(server);
    const seenByNext: string[] = [];
    // What Next does with the server it is given (server/index.ts passes `httpServer: nextUpgrades`).
    nextUpgrades.on("upgrade", (req: IncomingMessage, socket: { end: () => void }) => {
      seenByNext.push(req.url ?? "");
      socket.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => realtime.close());
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seenByNext };
  }

  function upgrade(server: HttpServer, path: string) {
    return new Promise<void>((resolve) => {
      const req = request({
        host: "127.0.0.1",
        port: (server.address() as AddressInfo).port,
        path,
        headers: { Connection: "Upgrade", Upgrade: "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": randomBytes(16).toString("base64") },
      });
      req.once("upgrade", (_res, socket) => {
        socket.destroy();
        resolve();
      });
      req.once("response", () => resolve());
      req.once("error", () => resolve()); // Next's stand-in ends the socket without an answer
      req.end();
    });
  }

  it("gives Next every upgrade but Socket.IO's", async () => {
    const w = await world();
    const s = await serverWithNext();
    const c = await openSocket(s.url, w.token);
    cleanups.push(() => void c.close());
    expect(await c.emit("join-page", { pageId: w.page.id })).toMatchObject({ ok: true });
    await upgrade(s.server, "/_next/webpack-hmr?id=1");
    expect(await eventually(() => s.seenByNext, (seen) => seen.length > 0)).toEqual(["/_next/webpack-hmr?id=1"]);
  });
});
