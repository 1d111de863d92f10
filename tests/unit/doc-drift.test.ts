import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_EVENTS, SERVER_EVENTS } from "@/lib/contract/socket-events";

// The docs' drift check (issue 44 point 6): what docs/ names — files, routes, socket events, settings —
// exists in the code, and what the code serves, sends and reads is named in the docs. A rename that
// forgets its docs, or a route nobody documented, fails `npm test`. The history (docs/performance/) tells
// what was, so it is not held to today's names.

const read = (file: string) => readFileSync(file, "utf8");
const DOCS = [...readdirSync("docs").filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`), "README.md"];
const API = read("docs/API.md");

function filesUnder(dir: string, name: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full, name) : entry === name ? [full] : [];
  });
}

/** "GET /api/pages/[*]": a route with its parameters' names left out (the docs name them for readers). */
const routeKey = (method: string, routePath: string) => `${method} ${routePath.replace(/\[[^\]]+\]|\{[^}]+\}/g, "[*]").replace(/\/$/, "")}`;

describe("the docs and the code name the same things", () => {
  it("every repository path the docs cite exists", () => {
    const cited = new Set<string>();
    for (const doc of DOCS) {
      // A path starts at a top-level folder of ours (not inside a package name like @prisma/…) and ends on a name.
      for (const [p] of read(doc).matchAll(/(?<![\w/.@-])(?:app|components|lib|server|workers|tests|tools|scripts|prisma|docs)\/[\w\-./[\]@]*[\w\]/]/g)) {
        if (!/[*{}…]/.test(p)) cited.add(`${doc}: ${p.replace(/\]$/, "")}`);
      }
    }
    expect(cited.size).toBeGreaterThan(100);
    const missing = [...cited].filter((entry) => {
      const p = entry.slice(entry.indexOf(": ") + 2);
      return !["", ".ts", ".tsx", ".mjs"].some((ext) => existsSync(p + ext));
    });
    expect(missing).toEqual([]);
  });

  it("docs/API.md lists exactly the routes app/api serves", () => {
    const documented = new Set([...API.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `(\/api\/[^`?\s]*)/gm)].map(([, m, p]) => routeKey(m!, p!)));
    const served = new Set<string>();
    for (const file of filesUnder("app/api", "route.ts")) {
      const source = read(file);
      const methods = [...source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1]!);
      for (const [, names] of source.matchAll(/^export \{([^}]*)\}/gm)) methods.push(...(names!.match(/\b(GET|POST|PUT|PATCH|DELETE)\b/g) ?? []));
      for (const method of methods) served.add(routeKey(method, `/${path.dirname(file).split(path.sep).slice(1).join("/")}`));
    }
    // Meta's deliveries are answered by the custom server on the received bytes, before any router.
    expect(read("server/lifecycle/app-server.ts")).toContain('req.method === "POST" && pathname === WEBHOOK_ROUTE');
    expect(read("server/services/inbound/listener/webhook-listener.ts")).toContain('export const WEBHOOK_ROUTE = "/api/webhooks/messenger";');
    served.add(routeKey("POST", "/api/webhooks/messenger"));
    expect(served.size).toBeGreaterThan(50);
    expect([...documented].filter((r) => !served.has(r)), "in docs/API.md but not served").toEqual([]);
    expect([...served].filter((r) => !documented.has(r)), "served but not in docs/API.md").toEqual([]);
  });

  it("docs/API.md's Realtime section lists exactly the socket events of the contract", () => {
    const section = API.slice(API.indexOf("## Realtime"), API.indexOf("\n## ", API.indexOf("## Realtime") + 1));
    const bullets = section.split("\n").filter((line) => line.startsWith("- `"));
    const documented = new Set(bullets.flatMap((line) => [...line.matchAll(/(?:^- |and )`([a-z][a-z-]+)[ `]/g)].map((m) => m[1]!)));
    const contract = new Set<string>([...Object.values(SERVER_EVENTS), ...Object.values(CLIENT_EVENTS)]);
    expect([...documented].filter((e) => !contract.has(e)), "in docs/API.md but not in lib/contract/socket-events.ts").toEqual([]);
    expect([...contract].filter((e) => !documented.has(e)), "in the contract but not in docs/API.md").toEqual([]);
  });

  it("every setting server/env.ts reads is in .env.example, and nothing else is", () => {
    const read_ = new Set([...read("server/env.ts").matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!));
    const example = new Set([...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    expect(read_.size).toBeGreaterThan(30);
    expect([...read_].filter((k) => !example.has(k)), "read but not in .env.example").toEqual([]);
    expect([...example].filter((k) => !read_.has(k)), "in .env.example but never read").toEqual([]);
  });
});
