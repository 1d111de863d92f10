import type { Server } from "socket.io";

// One write per socket per turn of the event loop, however many events it gets in that turn. ws writes
// every frame with its own writev; at 200 messages/s to 50 agents that was 10 000 system calls a second,
// the largest single item (a quarter of the app's busy CPU) in the load benchmark's profile
// (docs/PERFORMANCE.md §6). Events come in bursts (the worker's PUBLISHes are pipelined, so one read from
// Redis carries a batch; a broadcast goes to every socket of a room at once): a websocket's TCP socket is
// corked at its first frame in a turn and uncorked once, in setImmediate, which writes the turn's frames in
// one writev. The delay is the rest of the current turn, no timer: a lone event goes out as before.

type RawSocket = { cork(): void; uncork(): void; destroyed: boolean };
type Sender = { sendFrame(list: Buffer[], cb?: (err?: Error) => void): void };
type WsTransport = { name: string; socket?: { _socket?: RawSocket; _sender?: Sender } };
type EngineSocket = { transport: WsTransport; on(event: "upgrade", listener: (transport: WsTransport) => void): void };

const corked = new Set<RawSocket>();
let flushScheduled = false;

function flush(): void {
  flushScheduled = false;
  for (const socket of corked) if (!socket.destroyed) socket.uncork();
  corked.clear();
}

function coalesce(transport: WsTransport): void {
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
    sendFrame(list, cb);
  };
}

export function coalesceSocketWrites(io: Server): void {
  io.engine.on("connection", (socket: EngineSocket) => {
    coalesce(socket.transport);
    socket.on("upgrade", coalesce);
  });
}
