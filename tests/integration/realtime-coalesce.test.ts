import { afterEach, describe, expect, it } from "vitest";
import { io } from "@/server/realtime/server";
import type { AuthedSocket } from "@/server/realtime/types";
import { pageRoom } from "@/server/realtime/room-names";
import { eventually, openSocket } from "./support/channel";
import { makeCompany, makePage, makeUser, tokenFor } from "./support/factory";
import { startRealServer } from "./support/real-server";

// The fan-out writes each socket once per turn of the event loop (server/realtime/coalesce-writes.ts): a
// burst of events (a batch from the worker, relayed from Redis in one read) is one system call per socket,
// not one per event. Order and completeness must not change.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

type RawWrites = { _write: (...args: unknown[]) => unknown; _writev: (...args: unknown[]) => unknown };

/** Counts the writes that reach a server-side socket's TCP stream (each one a system call). */
function countWrites(socket: AuthedSocket) {
  const raw = (socket.conn.transport as unknown as { socket: { _socket: RawWrites } }).socket._socket;
  const counts = { writes: 0 };
  for (const method of ["_write", "_writev"] as const) {
    const original = raw[method].bind(raw);
    raw[method] = (...args: unknown[]) => {
      counts.writes++;
      return original(...args);
    };
  }
  return counts;
}

describe("socket fan-out", () => {
  it("writes a burst of events to each socket in one write, all of them, in order", async () => {
    const acme = await makeCompany("Acme");
    const ann = await makeUser("staff", acme.id, { name: "Ann" });
    const page = await makePage(acme.id, [ann.id], "Shoes");
    const s = await startRealServer({ realtime: true });
    cleanups.push(() => s.close());
    const clients = [await openSocket(s.url, await tokenFor(ann)), await openSocket(s.url, await tokenFor(ann))];
    cleanups.push(() => clients.forEach((c) => c.close()));
    for (const c of clients) expect(await c.emit("join-page", { pageId: page.id })).toMatchObject({ ok: true });
    const counters = [...io()!.of("/").sockets.values()].map((socket) => countWrites(socket as AuthedSocket));

    for (let i = 0; i < 20; i++) io()!.to(pageRoom(page.id)).emit("new-message", { seq: i } as never);

    for (const c of clients) {
      const seen = await eventually(() => c.events.filter((e) => e.name === "new-message"), (list) => list.length >= 20);
      expect(seen.map((e) => (e.payload as { seq: number }).seq)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    }
    // One write, not 20 — nor two: engine.io holds a socket's next events until it hears that the last
    // frame was written, and it hears so as soon as the frame is in the corked stream.
    expect(counters.map((c) => c.writes)).toEqual([1, 1]);

    // A lone event afterwards still goes out at once, on its own.
    io()!.to(pageRoom(page.id)).emit("new-message", { seq: 20 } as never);
    for (const c of clients) await eventually(() => c.events.length, (n) => n >= 22);
    expect(clients.map((c) => (c.events.at(-1)!.payload as { seq: number }).seq)).toEqual([20, 20]);
    expect(counters.map((c) => c.writes)).toEqual([2, 2]);
  });
});
