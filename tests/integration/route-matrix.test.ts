import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/access/roles";
import type { Simulator } from "@/tools/simulator/create-simulator";
import { startGraphSimulator } from "./support/graph-sim";
import { loadRouteTable } from "./support/route-table";
import { ADMIN_SEES_COMPANY_PAGES, send, snapshot, SUPER_ADMIN_SEES_ALL, TARGETS, throughRealServer, world } from "./support/route-targets";
import { openSocket } from "./support/channel";
import { startRealServer } from "./support/real-server";

// The cross-tenant matrix (issue 12, "tests that stay"), generated from the route table: every /api route ×
// every role of one company × the objects of another company (and, for staff and admins, of a page of
// their own company they are not assigned) → 403/404, no foreign data in the body, and the other company's
// rows unchanged. A route missing from TARGETS fails the test, so no endpoint ships without its row.
// Every request goes through the real server on one keep-alive connection (each the next request on the
// connection the previous left: one that is not answered fails the test).
throughRealServer();

// Facebook is reachable (the simulator as Graph), as in production: routes that check a token with Graph
// answer its refusal (400), and a 503 "Facebook could not be reached" is not mistaken for a crash.
let graph: Simulator;
beforeAll(async () => {
  graph = await startGraphSimulator();
});
afterAll(() => graph.close());

describe("the cross-tenant matrix, generated from the route table", () => {
  it("has a row for every route and method, and no row for a route that is gone", async () => {
    const keys = (await loadRouteTable()).map((r) => r.key).sort();
    expect(keys.filter((k) => !TARGETS[k]), "routes without a row in TARGETS").toEqual([]);
    expect(Object.keys(TARGETS).filter((k) => !keys.includes(k)), "rows for routes that do not exist").toEqual([]);
    for (const route of await loadRouteTable()) expect(route.handler.meta, `${route.key} is not built with route()/publicRoute()`).toBeDefined();
  });

  it("every route × role × another company's objects → 403/404, nothing leaked, nothing changed", { timeout: 120_000 }, async () => {
    const w = await world();
    const before = await snapshot(w.foreign.company.id);
    const failures: string[] = [];
    for (const route of await loadRouteTable()) {
      const target = TARGETS[route.key]!;
      for (const role of ["super_admin", "company_admin", "admin", "staff"] as Role[]) {
        if (role === "super_admin" && SUPER_ADMIN_SEES_ALL.has(route.key)) continue;
        const res = await send(route, w.actors[role], target.request(w.away));
        const body = JSON.stringify(res.body ?? "");
        if (target.scope !== "none" && ![403, 404].includes(res.status)) failures.push(`${route.key} as ${role}: ${res.status} ${body.slice(0, 120)}`);
        if (/ZZFOREIGN|Foreign Owner|Foreign Staffer/i.test(body)) failures.push(`${route.key} as ${role}: the body shows the other company's data`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(w.foreign.company.id)).toBe(before);
  });

  it("every route that names a conversation × role × another company's Instagram conversation → 403/404, nothing changed", { timeout: 120_000 }, async () => {
    const w = await world();
    const before = await snapshot(w.foreign.company.id);
    const instagram = { ...w.away, conversationId: w.away.instagramConversationId };
    const failures: string[] = [];
    let routes = 0;
    for (const route of await loadRouteTable()) {
      const target = TARGETS[route.key]!;
      const request = target.request(instagram);
      if (target.scope === "none" || !JSON.stringify(request).includes(instagram.conversationId)) continue;
      routes++;
      for (const role of ["company_admin", "admin", "staff"] as Role[]) {
        const res = await send(route, w.actors[role], request);
        const body = JSON.stringify(res.body ?? "");
        if (![403, 404].includes(res.status)) failures.push(`${route.key} as ${role}: ${res.status} ${body.slice(0, 120)}`);
        if (/ZZFOREIGN|Foreign Owner|Foreign Staffer|insta words/i.test(body)) failures.push(`${route.key} as ${role}: the body shows the other company's data`);
      }
    }
    expect(routes).toBeGreaterThan(5);
    expect(failures).toEqual([]);
    expect(await snapshot(w.foreign.company.id)).toBe(before);
  });

  it("staff and admins × a page of their company they are not assigned → 403/404 on every page-scoped route", { timeout: 120_000 }, async () => {
    const w = await world();
    const before = await snapshot(w.home.company.id);
    const failures: string[] = [];
    for (const route of await loadRouteTable()) {
      const target = TARGETS[route.key]!;
      if (target.scope !== "page") continue;
      for (const role of ["admin", "staff"] as Role[]) {
        if (role === "admin" && ADMIN_SEES_COMPANY_PAGES.has(route.key)) continue;
        const res = await send(route, w.actors[role], target.request(w.hidden));
        const body = JSON.stringify(res.body ?? "");
        if (![403, 404].includes(res.status)) failures.push(`${route.key} as ${role}: ${res.status} ${body.slice(0, 120)}`);
        if (/ZZHIDDEN/i.test(body)) failures.push(`${route.key} as ${role}: the body shows the unassigned page's data`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(w.home.company.id)).toBe(before);
    // And the lists: the unassigned page is nowhere in what staff and admins read.
    for (const role of ["admin", "staff"] as Role[]) {
      for (const route of (await loadRouteTable()).filter((r) => r.method === "GET" && TARGETS[r.key]!.scope === "none")) {
        const res = await send(route, w.actors[role], {});
        const leaks = role === "admin" && ADMIN_SEES_COMPANY_PAGES.has(route.key) ? false : /ZZHIDDEN/.test(JSON.stringify(res.body ?? ""));
        expect(leaks, `${route.key} as ${role}`).toBe(false);
      }
    }
  });

  it("socket rooms: no role joins another company's page, conversation or offers, nor an unassigned page", async () => {
    const w = await world();
    const server = await startRealServer({ realtime: true });
    try {
      for (const role of ["super_admin", "company_admin", "admin", "staff"] as Role[]) {
        const socket = await openSocket(server.url, w.actors[role]);
        for (const o of [w.away, ...(role === "admin" || role === "staff" ? [w.hidden] : [])]) {
          expect(await socket.emit("join-page", { pageId: o.pageId }), `${role} join-page`).toMatchObject({ ok: false });
          expect(await socket.emit("join-page", { pageId: o.facebookPageId }), `${role} join-page by fb id`).toMatchObject({ ok: false });
          expect(await socket.emit("join-conversation", { room: o.conversationId }), `${role} join-conversation`).toMatchObject({ ok: false });
          expect(await socket.emit("join-conversation", { room: o.instagramConversationId }), `${role} join-conversation (Instagram)`).toMatchObject({ ok: false });
          expect(await socket.emit("join-offers", { pageId: o.pageId }), `${role} join-offers`).toMatchObject({ ok: false });
        }
        socket.close();
      }
    } finally {
      await server.close();
    }
  });
});
