import { Agent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { env } from "@/server/env";
import { createAppServer } from "@/server/lifecycle/app-server";
import { attachRealtime } from "@/server/realtime/index";

// The app's HTTP server as production runs it (server/lifecycle/app-server.ts: request ids, security headers,
// the path settled once, the webhook and direct routes, the API router), listening on a free port, and
// clients that see what fetch hides: a keep-alive connection reused for the next request, raw paths
// (fetch resolves `/.` and `/..` itself), chunked bodies, and how many bytes the server let in.

/** Stands in for Next (pages): answers 404 without reading a body, as any early answer does. */
const NEXT_STAND_IN = "x-next-stand-in";

export type RealServer = { url: string; port: number; server: Server; close: () => Promise<void> };

/** `realtime`: Socket.IO attached as in production (the app's Redis adapter), for tests that open sockets. */
export async function startRealServer({ realtime = false }: { realtime?: boolean } = {}): Promise<RealServer> {
  const { server, handlerReady } = createAppServer(env());
  const sockets = realtime ? attachRealtime(server) : null;
  handlerReady((_req, res) => void res.writeHead(404, { [NEXT_STAND_IN]: "1" }).end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: async () => {
      await sockets?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string; reused: boolean };

/**
 * One connection at a time, kept alive: each request goes on the connection the previous one left, unless
 * the server said `Connection: close`. A request that gets no answer within `hangMs` fails with "no answer"
 * (the connection hung), so a hang is a listed failure rather than a stuck test.
 */
export function keepAliveClient(base: string, hangMs = 10_000) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const origin = new URL(base);
  const send = (method: string, path: string, options: { headers?: OutgoingHttpHeaders; body?: string | Buffer; chunked?: boolean } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const headers: OutgoingHttpHeaders = { ...options.headers };
      // Named, not left to Node: it frames a GET's or DELETE's body only when told.
      if (options.body !== undefined && options.chunked) headers["transfer-encoding"] = "chunked";
      else if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
      // The path goes out as written: a URL string would be parsed first, resolving `.`, `..` and `\`.
      const req = httpRequest({ host: origin.hostname, port: origin.port, path, method, agent, headers, timeout: hangMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString(), reused: req.reusedSocket }));
      });
      req.on("timeout", () => req.destroy(new Error(`no answer to ${method} ${path} within ${hangMs} ms`)));
      req.on("error", reject);
      if (options.body !== undefined) req.write(options.body);
      req.end();
    });
  return { send, close: () => agent.destroy() };
}

export type StreamResult = { response: string; sent: number; closedByServer: boolean };

/**
 * Sends `head` on a raw socket, then a chunked body of `total` bytes in 64 KB chunks (each from
 * `chunk(offset)`), as fast as the server reads, until the body is sent or the server closes the
 * connection. `sent` counts the body bytes the socket accepted; `closedByServer` is whether the server
 * ended the connection. Nothing moving for `hangMs` (the server neither reads nor closes) ends it too.
 */
export function streamChunked(port: number, head: string, total: number, chunk: (offset: number) => Buffer, hangMs = 10_000): Promise<StreamResult> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let response = "";
    let sent = 0;
    let closed = false;
    let watchdog: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(watchdog);
      socket.destroy();
      resolve({ response, sent, closedByServer: closed });
    };
    const moved = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(finish, hangMs);
    };
    const onClose = () => {
      if (closed) return;
      closed = true;
      finish();
    };
    socket.on("data", (d: Buffer) => {
      response += d.toString("latin1");
      moved();
    });
    socket.on("end", onClose);
    socket.on("error", onClose);
    socket.on("close", onClose);
    const gone = new Promise<void>((r) => socket.once("close", () => r()));
    socket.once("connect", async () => {
      moved();
      socket.write(head);
      while (sent < total && !closed) {
        const bytes = chunk(sent).subarray(0, Math.min(64 * 1024, total - sent));
        socket.write(`${bytes.length.toString(16)}\r\n`);
        socket.write(bytes);
        const more = socket.write("\r\n");
        sent += bytes.length;
        if (!more) {
          await Promise.race([new Promise((r) => socket.once("drain", r)), gone]);
          moved();
        }
      }
      if (!closed) socket.write("0\r\n\r\n");
    });
  });
}
