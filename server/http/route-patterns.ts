import { readdirSync, statSync } from "node:fs";
import path from "node:path";

// The API's route patterns, found on disk (app/api/**/route.ts) the way Next finds them, so metrics label
// a request by its pattern ("/api/conversations/[pageId]"), never by its raw path (unbounded label values).

export type RoutePattern = { pattern: string; dir: string; regex: RegExp; params: string[]; rank: number };

function routeDirs(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeDirs(full);
    return name === "route.ts" || name === "route.js" ? [dir] : [];
  });
}

export function loadRoutePatterns(appApiDir = path.resolve("app/api")): RoutePattern[] {
  return routeDirs(appApiDir)
    .map((dir) => {
      const pattern = `/api/${path.relative(appApiDir, dir).split(path.sep).join("/")}`.replace(/\/$/, "");
      const params = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
      const source = pattern.split("/").map((s) => (s.startsWith("[") ? "([^/]+)" : s.replace(/[.*+?^${}()|\\]/g, "\\$&"))).join("/");
      // Static segments win over dynamic ones, as in Next's router.
      return { pattern, dir, regex: new RegExp(`^${source}/?$`), params, rank: params.length };
    })
    .sort((a, b) => a.rank - b.rank || b.pattern.length - a.pattern.length);
}

export function matchRoute(patterns: RoutePattern[], pathname: string): { route: RoutePattern; params: Record<string, string> } | null {
  for (const route of patterns) {
    const m = route.regex.exec(pathname);
    if (!m) continue;
    try {
      return { route, params: Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(m[i + 1]!)])) };
    } catch {
      return null; // broken percent-encoding: not a route of ours
    }
  }
  return null;
}

/** The metrics label of a request path: its API pattern, or a small fixed set for everything else. */
export function routeLabel(patterns: RoutePattern[], pathname: string): string {
  if (pathname.startsWith("/api/")) return matchRoute(patterns, pathname)?.route.pattern ?? "/api/(unmatched)";
  if (pathname.startsWith("/_next/")) return "/_next";
  if (pathname.startsWith("/socket.io")) return "/socket.io";
  return "(page)";
}
