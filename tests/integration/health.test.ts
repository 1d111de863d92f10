import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import * as healthRoute from "@/app/api/health/route";
import * as liveRoute from "@/app/api/health/live/route";
import * as readyRoute from "@/app/api/health/ready/route";
import { db } from "@/server/db";
import { markDraining } from "@/server/lifecycle/state";
import { readiness } from "@/server/services/health";
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

describe("GET /api/health/live and /api/health/ready", () => {
  it("live answers without touching a dependency; ready checks them and the webhook backlog", async () => {
    expect(await call(liveRoute.GET, "GET", "/api/health/live")).toMatchObject({ status: 200, body: { status: "live" } });
    expect(await call(readyRoute.GET, "GET", "/api/health/ready")).toMatchObject({ status: 200, body: { status: "ready", db: "ok", redis: "ok", webhookBacklog: 0, draining: false } });
    await db.webhookEvent.createMany({ data: [{ payload: {} }, { payload: {} }] });
    expect(await readiness(3)).toMatchObject({ status: "ready", webhookBacklog: 2 });
    expect(await readiness(2)).toMatchObject({ status: "not_ready", webhookBacklog: 2 });
  });

  it("ready answers 503 once the process is stopping", async () => {
    markDraining();
    try {
      expect(await call(readyRoute.GET, "GET", "/api/health/ready")).toMatchObject({ status: 503, body: { status: "not_ready", draining: true } });
    } finally {
      (globalThis as { switchboardDraining?: boolean }).switchboardDraining = false;
    }
  });
});
