import type { Server } from "socket.io";

// One write per socket per turn of the event loop, however many events it gets in that turn. ws writes
// every frame with its own writev; at 200 messages/s to 50 agents that was 10 000 system calls a second,
// the largest single item (a quarter of the app's busy CPU) in the load benchmark's profile
// (docs/performance/history-2026-11.md §6). Events come in bursts (the worker's PUBLISHes are pipelined, so one read from
// Redis carries a batch; a broadcast goes to every socket of a room at once): a websocket's TCP socket is
// corked at its first frame in a turn and uncorked once, in setImmediate, which writes the turn's frames in
// one writev. The delay is the rest of the current turn, no timer: a lone event goes out as before.

type RawSocket = { cork(): void; uncork(): void; destroyed: boolean };
type Sender = { sendFrame(list: Buffer[], cb?: (err?: Error) => void): void };
export type WsTransport = { name: string; socket?: { _socket?: RawSocket; _sender?: Sender } };
type EngineSocket = { transport: WsTransport; on(event: "upgrade", listener: (transport: WsTransport) => void): void };

const corked = new Set<RawSocket>();
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
}

export function coalesceTransport(transport: WsTransport): void {
  const raw = transport.socket?._socket;
  const sender = transport.socket?._sender;
  if (transport.name !== "websocket" || !raw || !sender || typeof sender.sendFrame !== "function") return;
  const sendFrame = sender.sendFrame.bind(sender);
  sender.sendFrame = (list, cb) => {
    if (!corked.has(raw)) {
      raw.cork();
      corked.add(raw);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    }
    if (!cb) return sendFrame(list);
    // engine.io sends a socket's next events only once this callback says the last frame was written, and
    // the write happens at the uncork: so the events that came in the same turn waited for a second write
    // in a later turn. The frame is in the corked stream now, in order: engine.io hears so on the next tick
    // and queues the turn's other events behind it, into the same write. A failed write still reaches it
    // (engine.io then closes the socket), so only the wait is gone, not the error.
    let answered = false;
    const answer = (error?: Error) => {
      if (error) return cb(error);
      if (answered) return;
      answered = true;
      cb();
    };
    sendFrame(list, answer);
    process.nextTick(answer);
  };
}

export function coalesceSocketWrites(io: Server): void {
  io.engine.on("connection", (socket: EngineSocket) => {
    coalesceTransport(socket.transport);
    socket.on("upgrade", coalesceTransport);
  });
}
