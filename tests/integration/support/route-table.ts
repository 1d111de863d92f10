import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { RouteHandler } from "@/server/http/route";

// Every API route of the app, found on disk (app/api/**/route.ts) the way Next finds them, with the
// handlers each exports. The generated security tests walk this table, so a new route is in them at once.

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
export type ApiRoute = { key: string; method: Method; path: string; params: string[]; handler: RouteHandler };

const APP_API = path.resolve("app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

export async function loadRouteTable(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  for (const file of routeFiles(APP_API).sort()) {
    const routePath = `/api/${path.relative(APP_API, path.dirname(file)).split(path.sep).join("/")}`;
    const params = [...routePath.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
    const mod = (await import(/* @vite-ignore */ file)) as Partial<Record<Method, RouteHandler>>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (handler) routes.push({ key: `${method} ${routePath}`, method, path: routePath, params, handler });
    }
  }
  return routes;
}
