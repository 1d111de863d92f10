import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metricsAccess } from "@/server/observability/metrics-endpoint";
import { requestIdFrom } from "@/server/observability/request-context";
import { loadRoutePatterns, matchRoute, routeLabel } from "@/server/http/route-patterns";
import { scrubSecrets } from "@/server/observability/scrub";

describe("scrubSecrets", () => {
  it("masks bearer tokens, tokens in query strings and passwords in URLs", () => {
    expect(scrubSecrets("Authorization: Bearer eyJhbGciOi.x-y_z")).toBe("Authorization: Bearer [redacted]");
    expect(scrubSecrets("GET /v25.0/me?access_token=EAAB123&fields=id")).toBe("GET /v25.0/me?access_token=[redacted]&fields=id");
    expect(scrubSecrets("appsecret_proof=abc123 failed")).toBe("appsecret_proof=[redacted] failed");
    expect(scrubSecrets("postgresql://switchboard:hunter2@db:5432/x")).toBe("postgresql://switchboard:[redacted]@db:5432/x");
    expect(scrubSecrets("nothing secret here")).toBe("nothing secret here");
  });
});

describe("requestIdFrom", () => {
  it("keeps a plain caller id and replaces anything else", () => {
    expect(requestIdFrom("abc-123.x:y")).toBe("abc-123.x:y");
    expect(requestIdFrom(["first", "second"])).toBe("first");
    for (const bad of [undefined, "", "has space", "x".repeat(129), "evil\ninjected"]) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("route patterns", () => {
  const root = mkdtempSync(path.join(tmpdir(), "sb-routes-"));
  for (const dir of ["health", "health/live", "conversations/[pageId]", "conversations/stats", "conversation/[conversationId]/[pageId]"]) {
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, "route.ts"), "");
  }
  const patterns = loadRoutePatterns(root);

  it("labels requests by pattern, static segments first, never by raw path", () => {
    expect(routeLabel(patterns, "/api/conversations/stats")).toBe("/api/conversations/stats");
    expect(routeLabel(patterns, "/api/conversations/abc")).toBe("/api/conversations/[pageId]");
    expect(routeLabel(patterns, "/api/conversation/c1/p1")).toBe("/api/conversation/[conversationId]/[pageId]");
    expect(routeLabel(patterns, "/api/health/live")).toBe("/api/health/live");
    expect(routeLabel(patterns, "/api/nope/1")).toBe("/api/(unmatched)");
    expect(routeLabel(patterns, "/_next/static/chunk.js")).toBe("/_next");
    expect(routeLabel(patterns, "/chats/123")).toBe("(page)");
    expect(matchRoute(patterns, "/api/conversation/c%201/p1")?.params).toEqual({ conversationId: "c 1", pageId: "p1" });
    expect(matchRoute(patterns, "/api/conversations/%E0%A4%A")).toBeNull();
  });
});

describe("metricsAccess", () => {
  it("needs the bearer token when one is set; without one, open in development and absent in production", () => {
    const token = "a-metrics-token-of-some-length";
    expect(metricsAccess({ METRICS_TOKEN: token, isProduction: true }, `Bearer ${token}`)).toBe("open");
    expect(metricsAccess({ METRICS_TOKEN: token, isProduction: false }, "Bearer wrong")).toBe("unauthorized");
    expect(metricsAccess({ METRICS_TOKEN: token, isProduction: true }, null)).toBe("unauthorized");
    expect(metricsAccess({ METRICS_TOKEN: undefined, isProduction: true }, `Bearer ${token}`)).toBe("not_found");
    expect(metricsAccess({ METRICS_TOKEN: undefined, isProduction: false }, null)).toBe("open");
  });
});
