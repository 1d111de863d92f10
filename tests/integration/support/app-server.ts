import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { attachRealtime } from "@/server/realtime/index";

// A small HTTP server around stand-in handlers plus Socket.IO, for what is not the app: e.g. a receiver
// that only settles the simulator's echoes while a test plays the worker (offers-crash, offers-worker).
// The app's own routes are reached through its real server (real-server.ts, http.ts' call), never here.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type RouteTable = Record<string, Partial<Record<"GET" | "POST" | "PUT" | "DELETE", Handler>>>;

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(":")) params[want[i]!.slice(1)] = decodeURIComponent(got[i]!);
    else if (want[i] !== got[i]) return null;
  }
  return params;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startAppServer(routes: RouteTable): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    for (const [pattern, methods] of Object.entries(routes)) {
      const params = match(pattern, url.pathname);
      const handler = params && methods[req.method as keyof typeof methods];
      if (!handler) continue;
      const body = req.method === "GET" ? undefined : new Uint8Array(await readBody(req));
      const headers = new Headers(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])) as [string, string][]);
      headers.set("x-switchboard-client-ip", req.socket.remoteAddress ?? "unknown");
      const response = await handler(new Request(url, { method: req.method, headers, body }), { params: Promise.resolve(params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
      return;
    }
    res.writeHead(404).end();
  });
  const realtime = attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    close: () => realtime.close(),
  };
}
