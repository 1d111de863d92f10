import type { IncomingMessage, ServerResponse } from "node:http";
import { requestHeaders, requestUrl, responseHeaders } from "@/server/http/direct-route";
import { AppError } from "@/server/http/errors";
import type { RouteHandler } from "@/server/http/route";
import { matchRoute, type RoutePattern } from "@/server/http/route-patterns";
import { logger } from "@/server/observability/log";

// The API's route handlers called by the custom server itself, in place of Next's router, in production and
// in `npm run dev` alike (one request path, one set of limits). Measured on the production build: a list
// request cost 7–10 ms of the app's CPU through Next against ~1 ms of database time, and under the load
// benchmark's 200 msg/s the reads queued there for tens to hundreds of ms (docs/performance/history-2026-11.md §6). The handlers are the same
// functions Next would call, with the same Request and params; what Next itself did for a route handler
// (HEAD from GET, OPTIONS, 405 with Allow) is done here. Unmatched /api paths still go to Next (its 404).

type RouteModule = Partial<Record<string, RouteHandler>>;
type Loader = (route: RoutePattern) => Promise<RouteModule>;

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
/** Small bodies (every JSON call: the route wrapper caps JSON at 1 MB) are read whole; uploads stream. */
const BUFFER_BELOW_BYTES = 1024 * 1024;

export type ApiRouter = {
  /** Serves the request when its path is an API route; false (nothing written) otherwise. */
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
  /** Loads every route module, so the first request of each does not pay for its compile. */
  preload(): Promise<void>;
};

export function createApiRouter(patterns: RoutePattern[], load: Loader = (route) => import(`${route.dir}/route.ts`)): ApiRouter {
  const modules = new Map<string, Promise<RouteModule>>();
  const moduleOf = (route: RoutePattern) => {
    let loaded = modules.get(route.dir);
    if (!loaded) modules.set(route.dir, (loaded = load(route)));
    return loaded;
  };

  return {
    serve(req, res, pathname) {
      const match = matchRoute(patterns, pathname);
      if (!match) return false;
      void moduleOf(match.route)
        .then((mod) => answer(req, res, mod, match.params))
        .catch((error: Error) => fail(res, error));
      return true;
    },
    async preload() {
      await Promise.all(patterns.map(moduleOf));
    },
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, mod: RouteModule, params: Record<string, string>): Promise<void> {
  const method = req.method ?? "GET";
  const allowed = METHODS.filter((m) => mod[m] || (m === "HEAD" && mod.GET) || m === "OPTIONS");
  const handler = mod[method] ?? (method === "HEAD" ? mod.GET : undefined);
  if (!handler) {
    // A body sent along is not read: the answer closes the connection (server/http/early-answers.ts).
    res.writeHead(method === "OPTIONS" ? 204 : 405, { Allow: allowed.join(", ") }).end();
    return;
  }
  const response = await handler(await toRequest(req), { params: Promise.resolve(params) });
  await writeResponse(res, response, method === "HEAD");
}

async function toRequest(req: IncomingMessage): Promise<Request> {
  const headers = requestHeaders(req);
  const url = requestUrl(req);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return new Request(url, { method, headers }); // fetch refuses a body on these
  const length = Number(req.headers["content-length"] ?? NaN);
  if (length <= BUFFER_BELOW_BYTES) return new Request(url, { method, headers, body: await readWhole(req) });
  // Chunked or large: the handler reads it as a stream and enforces its own cap while reading.
  return new Request(url, { method, headers, body: bodyStream(req), duplex: "half" } as RequestInit);
}

/**
 * The request's body as a web stream that reads from the socket only as fast as the handler reads it.
 * Unlike Readable.toWeb, giving up on it (a cap reached) leaves the request alone instead of destroying
 * the socket: the handler's answer (a 413) must still reach the client, and closing the connection after
 * it is the answer's business (server/http/early-answers.ts).
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  const detach = () => {
    settled = true;
    req.pause();
    req.removeAllListeners("data");
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const settle = (end: () => void) => {
          if (settled) return;
          settled = true;
          end();
        };
        req.on("data", (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        // A client gone mid-body is its own mistake (a 400 nobody reads), not the server's failure.
        const cut = () => settle(() => controller.error(new AppError("bad_request", "The request ended before its body did")));
        req.once("end", () => settle(() => controller.close()));
        req.once("error", cut);
        req.once("close", () => {
          if (!req.complete) cut();
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel: detach,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}

function readWhole(req: IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

async function writeResponse(res: ServerResponse, response: Response, headOnly: boolean): Promise<void> {
  // Every body of ours is built whole (JSON, a stored file); reading it whole keeps one write per answer.
  const body = headOnly || !response.body ? null : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, responseHeaders(response));
  res.end(body);
}

function fail(res: ServerResponse, error: Error): void {
  // The route wrapper maps every error of a handler to a response; this is the transport (client gone) or a
  // module that would not load.
  logger().error(`API route failed: ${error.message}`);
  if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"internal","message":"Something went wrong"}');
  else res.destroy();
}
