import type { IncomingMessage, ServerResponse } from "node:http";

// Serves one request with an App Router route handler called directly by the custom server, skipping
// Next's router (server/lifecycle/app-server.ts). For the webhook POST: Meta calls it at the rate customers write,
// its bar is a 20 ms p99 acknowledgement, and Next's request handling costs ~3 ms of CPU per call there
// (docs/PERFORMANCE.md §4) against ~1 ms for the handler's own work. The handler is the same function Next
// would call, so behaviour (signature check, errors, status codes) is identical either way. Also for health
// and metrics, which must answer while Next is still preparing, and the worker's small listener.

type Handler = (request: Request) => Promise<Response>;

/** Bodies above this are refused without being kept (the webhook service refuses above 1 MB anyway). */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function serveDirect(req: IncomingMessage, res: ServerResponse, handler: Handler): Promise<void> {
  const started = performance.now();
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    // Read to the end even when too large (the excess is dropped): the client then gets the 413 instead of
    // a connection reset in the middle of its upload.
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
    }
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, { "Content-Type": "application/json" }).end('{"error":"payload_too_large","message":"Request body is too large"}');
      return;
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD"; // fetch's Request refuses a body on these
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { method: req.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
    const response = await handler(request);
    // The server's own share of the answer time (the bench reads it to tell it from the network and client).
    const serverTiming = `app;dur=${(performance.now() - started).toFixed(2)}`;
    res.writeHead(response.status, { ...Object.fromEntries(response.headers), "Server-Timing": serverTiming });
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    // The handler maps its own errors to responses; this is the transport failing (client gone, bad URL).
    console.error("[switchboard] direct route failed:", (error as Error).message);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"internal","message":"Something went wrong"}');
    else res.destroy();
  }
}
