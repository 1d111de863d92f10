import { describe, expect, it } from "vitest";
import { coalesceTransport, type WsTransport } from "@/server/realtime/coalesce-writes";

// The fan-out corks each websocket for the rest of the turn and tells engine.io at once that a frame is
// queued, so the turn's later events join the same write (server/realtime/coalesce-writes.ts). What must
// not change: frames reach ws in order, engine.io hears of each success once, and of a failed write.

function fakeTransport() {
  const log: string[] = [];
  const pending: ((err?: Error) => void)[] = [];
  const raw = { destroyed: false, cork: () => log.push("cork"), uncork: () => log.push("uncork") };
  const sender = {
    sendFrame(list: Buffer[], cb?: (err?: Error) => void) {
      log.push(`frame ${list.map((b) => b.toString()).join("")}`);
      if (cb) pending.push(cb);
    },
  };
  const transport = { name: "websocket", socket: { _socket: raw, _sender: sender } } as unknown as WsTransport;
  coalesceTransport(transport);
  return { log, pending, send: (text: string, cb?: (err?: Error) => void) => (transport.socket!._sender as typeof sender).sendFrame([Buffer.from(text)], cb) };
}

const tick = () => new Promise<void>((resolve) => process.nextTick(resolve));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("coalesced socket writes", () => {
  it("answers engine.io on the next tick, once, with the frame corked until the end of the turn", async () => {
    const t = fakeTransport();
    const answers: (Error | undefined)[] = [];
    t.send("a", (err) => answers.push(err));
    expect(answers).toEqual([]);
    await tick();
    expect(answers).toEqual([undefined]);
    t.send("b"); // engine.io sends the next one in the same turn
    expect(t.log).toEqual(["cork", "frame a", "frame b"]);
    await turn();
    expect(t.log).toEqual(["cork", "frame a", "frame b", "uncork"]);
    t.pending[0]!(); // ws confirms the write later: not a second success
    expect(answers).toEqual([undefined]);
  });

  it("still reports a failed write", async () => {
    const t = fakeTransport();
    const answers: (Error | undefined)[] = [];
    t.send("a", (err) => answers.push(err));
    await tick();
    t.pending[0]!(new Error("EPIPE"));
    expect(answers.map((a) => a?.message)).toEqual([undefined, "EPIPE"]);
  });
});
