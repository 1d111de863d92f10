import net from "node:net";
import type { HttpResult } from "./http";

// A minimal HTTP/1.1 client for the load generator's webhook POSTs: keep-alive connections to one origin,
// one request in flight on each, the answer read by its Content-Length. The generator stands in for
// Meta's servers, on the 2 cores it measures; Node's http client cost it ~150 µs of CPU a request against
// ~90 for this one in a loopback micro-benchmark, 200 times a second (docs/performance/history-2026-11.md §6). Answers
// come with a Content-Length or chunked; anything else (a malformed answer, one nobody asked for) fails
// that request loudly, never guessed at.

const HEADER_END = Buffer.from("\r\n\r\n");

/** A chunked body from `start`: the bytes and where the answer ends, null while incomplete. */
function dechunk(buffer: Buffer, start: number): { body: Buffer; end: number } | null | "malformed" {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd).split(";")[0]!, 16);
    if (!Number.isInteger(size) || size < 0) return "malformed";
    const dataEnd = lineEnd + 2 + size;
    if (buffer.length < dataEnd + 2) return null;
    if (size === 0) return buffer.toString("latin1", dataEnd, dataEnd + 2) === "\r\n" ? { body: Buffer.concat(parts), end: dataEnd + 2 } : "malformed"; // no trailers expected
    parts.push(buffer.subarray(lineEnd + 2, dataEnd));
    at = dataEnd + 2;
  }
}

type Pending = { resolve: (r: HttpResult) => void; reject: (e: Error) => void; started: number; timer: NodeJS.Timeout };

class Connection {
  private readonly socket: net.Socket;
  private buffer: Buffer | null = null;
  private pending: Pending | null = null;
  closed = false;

  constructor(
    host: string,
    port: number,
    private readonly onIdle: (c: Connection) => void,
    private readonly onClosed: () => void,
  ) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.read(chunk));
    this.socket.on("error", (error) => this.close(error));
    this.socket.on("close", () => this.close(new Error("connection closed by the server")));
  }

  /** `started`: when the request was asked for, so its time includes any wait for a free connection. */
  send(head: string, body: Buffer, started: number, timeoutMs: number): Promise<HttpResult> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.close(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      this.pending = { resolve, reject, started, timer };
      this.socket.write(Buffer.concat([Buffer.from(head, "latin1"), body]));
    });
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffer.toString("latin1", 0, end);
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const chunked = /\r\ntransfer-encoding: *chunked/i.test(head);
    if (!status || (!length && !chunked)) return this.close(new Error(`unexpected answer: ${head.slice(0, 200)}`));
    const start = end + HEADER_END.length;
    const whole = chunked ? dechunk(this.buffer, start) : { body: this.buffer.subarray(start, start + Number(length![1])), end: start + Number(length![1]) };
    if (whole === "malformed") return this.close(new Error(`unexpected answer: a malformed chunk after ${head.slice(0, 200)}`));
    if (!whole || this.buffer.length < whole.end) return; // the rest is still on its way
    if (this.buffer.length > whole.end) return this.close(new Error("an answer nobody asked for"));
    const pending = this.pending!;
    this.pending = null;
    clearTimeout(pending.timer);
    this.buffer = null;
    const serverMs = /\r\nserver-timing:[^\r]*\bapp;dur=([\d.]+)/i.exec(head);
    const keepAlive = !/\r\nconnection: *close/i.test(head);
    pending.resolve({ status: Number(status[1]), body: whole.body.toString("utf8"), ms: performance.now() - pending.started, serverMs: serverMs ? Number(serverMs[1]) : undefined });
    if (keepAlive) this.onIdle(this);
    else this.close(null);
  }

  close(error: Error | null): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.destroy();
    this.onClosed();
    if (this.pending) {
      clearTimeout(this.pending.timer);
      this.pending.reject(error ?? new Error("connection closed"));
      this.pending = null;
    }
  }
}

export type RawHttpPool = { post(path: string, headers: Record<string, string>, body: string): Promise<HttpResult>; destroy(): void };

/** Up to `connections` keep-alive connections to `origin`; requests beyond them wait for one to be free. */
export function rawHttpPool(origin: string, connections: number, timeoutMs = 30_000): RawHttpPool {
  const url = new URL(origin);
  const host = url.hostname;
  const port = Number(url.port || 80);
  const idle: Connection[] = [];
  const waiting: ((c: Connection) => void)[] = [];
  let open = 0;
  const release = (c: Connection) => {
    const next = waiting.shift();
    if (next) next(c);
    else idle.push(c);
  };
  const connect = () => {
    open++;
    return new Connection(host, port, release, () => {
      open--;
      // Whoever waits for a connection gets a new one in place of the one that closed.
      if (waiting.length) waiting.shift()!(connect());
    });
  };
  const acquire = (): Promise<Connection> => {
    for (let c = idle.pop(); c; c = idle.pop()) if (!c.closed) return Promise.resolve(c);
    if (open < connections) return Promise.resolve(connect());
    return new Promise((resolve) => waiting.push(resolve));
  };
  return {
    async post(path, headers, body) {
      const started = performance.now();
      const connection = await acquire();
      const bytes = Buffer.from(body);
      let head = `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: ${bytes.length}\r\n`;
      for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
      return connection.send(`${head}\r\n`, bytes, started, timeoutMs);
    },
    destroy() {
      waiting.length = 0;
      for (const c of idle.splice(0)) c.close(null);
    },
  };
}
