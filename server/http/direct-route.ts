import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "@/server/observability/log";

// Serves one request with an App Router route handler called directly by the custom server, skipping
// Next's router (server/lifecycle/app-server.ts). For the webhook POST: Meta calls it at the rate customers write,
// its bar is a 20 ms p99 acknowledgement, and Next's request handling costs ~3 ms of CPU per call there
// (docs/performance/history-2026-11.md §4) against ~1 ms for the handler's own work. The handler is the same function Next
// would call, so behaviour (signature check, errors, status codes) is identical either way. Also for health
// and metrics, which must answer while Next is still preparing, and the worker's small listener.

type Handler = (request: Request) => Promise<Response>;

/**
 * A handler of the received bytes themselves, for the webhook: building a fetch Request around them (and
 * reading a Response back) costs ~0.5 ms of CPU per delivery in undici's streams, a quarter of the app's
 * whole share of a message at 200/s (docs/performance/history-2026-11.md §6). A plain answer is written as is; a Response
 * (the rare refusal, mapped by the route's own error handling) is written like serveDirect's.
 */
export type RawAnswer = { status: number; contentType: string; body: string };
export type RawHandler = (body: Buffer, req: IncomingMessage) => Promise<RawAnswer | Response>;

/** Bodies above this are refused without being kept (the webhook service refuses above 1 MB anyway). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export async function serveDirect(req: IncomingMessage, res: ServerResponse, handler: Handler): Promise<void> {
  await serve(req, res, async (body, started) => {
    const hasBody = req.method !== "GET" && req.method !== "HEAD"; // fetch's Request refuses a body on these
    const request = new Request(requestUrl(req), { method: req.method, headers: requestHeaders(req), body: hasBody ? Buffer.concat([body]) : undefined });
    await writeResponse(res, await handler(request), started);
  });
}

export async function serveRawBody(req: IncomingMessage, res: ServerResponse, handler: RawHandler): Promise<void> {
  await serve(req, res, async (body, started) => {
    const answer = await handler(body, req);
    if (answer instanceof Response) return writeResponse(res, answer, started);
    res.writeHead(answer.status, { "Content-Type": answer.contentType, "Server-Timing": serverTiming(started) }).end(answer.body);
  });
}

/**
 * Reads the body, then answers. A body over the cap is answered 413 as soon as that is known (its declared
 * length, or the byte that crosses the cap) and the rest is never read: the answer closes the connection
 * (server/http/early-answers.ts), so neither memory nor the time spent reading grows with what is sent.
 */
async function serve(req: IncomingMessage, res: ServerResponse, answer: (body: Buffer, started: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  try {
    const body = await readBody(req);
    if (!body) {
      res.writeHead(413, { "Content-Type": "application/json" }).end('{"error":"payload_too_large","message":"Request body is too large"}');
      return;
    }
    await answer(body, started);
  } catch (error) {
    // The handler maps its own errors to responses; this is the transport failing (client gone, bad URL).
    logger().error(`direct route failed: ${(error as Error).message}`);
    if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"internal","message":"Something went wrong"}');
    else res.destroy();
  }
}

/** The body, or null once it is known to exceed the cap. Events rather than `for await`: the async iterator costs a promise per chunk on the hottest path. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      req.pause();
      resolve(null);
    };
    req.on("data", onData);
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("close", () => {
      if (!req.complete) reject(new Error("the client closed the request before its end"));
    });
  });
}

async function writeResponse(res: ServerResponse, response: Response, started: number): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, { ...responseHeaders(response), "Server-Timing": serverTiming(started) });
  res.end(body);
}

/** The URL a fetch Request of this request gets (the handlers read the path and query from it). */
export const requestUrl = (req: IncomingMessage) => `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;

/** Node's headers as fetch Headers, repeated ones kept. */
export function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return headers;
}

/** A Response's headers for writeHead, each Set-Cookie kept (fetch's Headers joins the others). */
export function responseHeaders(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  return headers;
}

/** The server's own share of the answer time (the bench reads it to tell it from the network and client). */
const serverTiming = (started: number) => `app;dur=${(performance.now() - started).toFixed(2)}`;
