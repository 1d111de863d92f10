import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import { call } from "./support/http";

describe("GET /api/health", () => {
  it("reports ok when Postgres and Redis answer", async () => {
    const res = await call(healthRoute.GET, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", db: "ok", redis: "ok" });
  });

  it("answers 503 and names the dependency that is down", () => {
    // A separate process, so this test's own connections stay healthy.
    const script = `(async () => {
      const route = await import("./app/api/health/route.ts");
      const res = await route.GET(new Request("http://localhost/api/health"));
      console.log(JSON.stringify({ status: res.status, body: await res.json() }));
      process.exit(0);
    })()`;
    const run = spawnSync("npx", ["--no-install", "tsx", "--eval", script], {
      env: { ...process.env, REDIS_URL: "redis://127.0.0.1:1/0" },
      encoding: "utf8",
      timeout: 20_000,
    });
    const line = run.stdout.trim().split("\n").pop()!;
    expect(JSON.parse(line)).toEqual({ status: 503, body: { status: "degraded", db: "ok", redis: "down" } });
  });
});
