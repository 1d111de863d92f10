import WebSocket from "ws";

// A Socket.IO client that speaks the wire protocol itself (Engine.IO v4 over a WebSocket, Socket.IO v5
// packets) and hands each event to its owner as the raw frame, unparsed. The load benchmark's 50 agent
// sockets stand in for 50 browsers on 50 machines, but they run on the 2 cores they measure: with
// socket.io-client each of the 10 000 events a second was decoded, JSON-parsed and dispatched, 2.0–2.5 ms
// of CPU per message for the harness against ~2 for the app server (docs/performance/history-2026-11.md §6). The server
// sees exactly what a browser's socket.io-client does: the same handshake, the bearer token in the CONNECT
// packet, joins acknowledged, pings answered; only this side skips the parse of what it never reads.
//
// Protocol (https://socket.io/docs/v4/socket-io-protocol/): Engine.IO packet types 0 open, 2 ping, 3 pong,
// 4 message; a message carries a Socket.IO packet: 0 CONNECT, 2 EVENT, 3 ACK, 4 CONNECT_ERROR.

const ENGINE_MESSAGE = 0x34; // "4"
const SOCKET_EVENT = 0x32; // "2"

export type LeanSocket = {
  /** Emits `event` with `data` and resolves with the server's acknowledgement (its first argument). */
  emitWithAck(event: string, data: unknown, timeoutMs: number): Promise<unknown>;
  /** Every EVENT packet from the server, as the frame's bytes (`42["event",…]`). */
  onEvent(listener: (frame: Buffer) => void): void;
  close(): void;
};

/** Opens the socket and authenticates with `token`; resolves once the server accepted the CONNECT. */
export function connectLean(appUrl: string, token: string, timeoutMs: number): Promise<LeanSocket> {
  const url = `${appUrl.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
  const acks = new Map<number, (args: unknown[]) => void>();
  let nextAckId = 0;
  let eventListener: (frame: Buffer) => void = () => {};

  return new Promise<LeanSocket>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`socket connect timed out after ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      ws.terminate();
      reject(error);
    };
    const socket: LeanSocket = {
      emitWithAck(event, data, ackTimeoutMs) {
        const id = nextAckId++;
        return new Promise((resolveAck, rejectAck) => {
          const cut = setTimeout(() => (acks.delete(id), rejectAck(new Error(`no acknowledgement of ${event} within ${ackTimeoutMs} ms`))), ackTimeoutMs);
          acks.set(id, (args) => (clearTimeout(cut), resolveAck(args[0])));
          ws.send(`42${id}${JSON.stringify([event, data])}`);
        });
      },
      onEvent(listener) {
        eventListener = listener;
      },
      close: () => ws.close(),
    };

    ws.on("error", (error) => fail(error));
    ws.on("message", (frame: Buffer) => {
      if (frame[0] === ENGINE_MESSAGE && frame[1] === SOCKET_EVENT) return eventListener(frame); // the hot path: untouched
      const text = frame.toString("utf8");
      switch (text[0]) {
        case "0": // Engine.IO open: now the Socket.IO CONNECT, with the token as a browser sends it
          ws.send(`40${JSON.stringify({ token })}`);
          return;
        case "2": // ping: answered, or the server closes the connection after pingTimeout
          ws.send("3");
          return;
        case "4":
          return onSocketPacket(text.slice(1));
      }
    });
    ws.on("close", () => {
      for (const settle of acks.values()) settle([{ ok: false, error: "socket closed" }]);
      acks.clear();
    });

    function onSocketPacket(packet: string) {
      if (packet[0] === "0") {
        clearTimeout(timer);
        resolve(socket);
      } else if (packet[0] === "4") {
        fail(new Error(`socket connect failed: ${packet.slice(1)}`));
      } else if (packet[0] === "3") {
        const match = /^3(\d+)(.*)$/s.exec(packet);
        if (match) acks.get(Number(match[1]))?.(JSON.parse(match[2]!) as unknown[]);
        acks.delete(Number(match?.[1]));
      }
    }
  });
}
