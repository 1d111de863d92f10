import { afterAll } from "vitest";
import { loadRoutePatterns, matchRoute, type RoutePattern } from "@/server/http/route-patterns";
import { startRealServer, type RealServer } from "./real-server";

// Calls a route through the app's own dispatch (issue 44): the real server of server/lifecycle/app-server.ts
// (request ids, security headers, the route matcher, the module it loads, the route's wrapper), started
// once per test file on a free port and closed after it. The handler a test names must be the one the
// server serves for that method and path, so a route the server does not serve fails here as it would in
// production. `params` fill a path written with placeholders ("/api/conversation/x/y").

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = { body?: unknown; rawBody?: string; token?: string; params?: Record<string, string>; query?: Record<string, string>; ip?: string; headers?: Record<string, string> };

let server: Promise<RealServer> | null = null;
afterAll(async () => {
  const running = server;
  server = null;
  if (running) await (await running).close();
});

/** The real server of this test file (started on first use). */
export const apiServer = (): Promise<RealServer> => (server ??= startRealServer());

const patterns = loadRoutePatterns();

const moduleOf = (route: RoutePattern) => import(/* @vite-ignore */ `${route.dir}/route.ts`) as Promise<Record<string, unknown>>;

/** The route whose module serves `method` with `handler`, among those with exactly these parameters. */
async function routeOf(handler: Handler, method: string, names: string[]): Promise<RoutePattern> {
  for (const route of patterns) {
    if (route.params.length !== names.length || !names.every((n) => route.params.includes(n))) continue;
    if ((await moduleOf(route))[method] === handler) return route;
  }
  throw new Error(`call: no route serves ${method} with this handler and params ${names.join(", ")}`);
}

/**
 * The path the request goes to: `path` itself, or, with `params`, the handler's route with them put in
 * (the path then only has to look like it: "/api/conversation/x/y"); its query string is kept.
 */
async function requestPath(handler: Handler, method: string, path: string, params: Record<string, string> | undefined): Promise<string> {
  if (!params) return path;
  const route = await routeOf(handler, method, Object.keys(params));
  const filled = route.pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name]!));
  return filled + (path.includes("?") ? path.slice(path.indexOf("?")) : "");
}

/** The server answers `path` with `handler`: the test calls the route it means to. */
async function assertServed(handler: Handler, method: string, path: string): Promise<void> {
  let match: ReturnType<typeof matchRoute>;
  try {
    match = matchRoute(patterns, path.split("?")[0]!);
  } catch {
    return; // broken encoding: no route, on purpose
  }
  if (!match) return; // a request for no route: the server's 404 is the answer under test
  if ((await moduleOf(match.route))[method] !== handler) throw new Error(`call: ${method} ${path} is served by ${match.route.pattern}, not by the handler given`);
}

export async function call(handler: Handler, method: string, path: string, options: CallOptions = {}) {
  const target = await requestPath(handler, method, path, options.params);
  await assertServed(handler, method, target);
  const { url: base } = await apiServer();
  const url = new URL(target, base);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  // The client's address as a proxy in front of the app says it (TRUST_PROXY in the integration env).
  const headers: Record<string, string> = { "x-forwarded-for": options.ip ?? "10.0.0.1", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
