import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { freePortsSync } from "../support/free-port";
import { spawnEntry } from "./support/spawn";

// The app and worker entry points as real processes: configuration, start-up failures, the worker's stop.

describe("process entry points", () => {
  it("the server refuses to start in production without SMTP_URL and says so", async () => {
    const server = spawnEntry("server/index.ts", { NODE_ENV: "production", SMTP_URL: "", AUTH_SECRET: "x".repeat(40), DATABASE_URL: "postgresql://x@127.0.0.1/x" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/SMTP_URL: is required in production/);
    expect(server.output()).toMatch(/TOKEN_ENCRYPTION_KEY: is required in production/);
  });

  it("the server refuses an invalid variable by name", async () => {
    const server = spawnEntry("server/index.ts", { PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
  });

  it("the server exits non-zero with one line when its port is taken", async () => {
    const holder = createServer().listen(0, "127.0.0.1");
    await new Promise((r) => holder.once("listening", r));
    const port = (holder.address() as AddressInfo).port;
    const server = spawnEntry("server/index.ts", { PORT: String(port), HOST: "127.0.0.1" });
    try {
      // A hang instead of the exit fails on the test's timeout; a wall-clock bound here would only measure
      // how busy the machine is (tsx's boot takes 2–10 s beside other test files).
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(new RegExp(`port ${port} on 127.0.0.1 is already in use`));
      expect(server.output()).not.toMatch(/uncaughtException/);
    } finally {
      holder.close();
    }
  });

  // How long they wait is their own clock's (STARTUP_TIMEOUT_SECONDS, 8 s by default), which their last line
  // states; the test's timeout catches one that never gives up. Wall-clock time here adds tsx's boot, which
  // depends on the machine's load, not on the code.
  it("the server and the worker exit non-zero after 8 s when the database cannot be reached", { timeout: 45_000 }, async () => {
    const [deadPort] = freePortsSync(1); // nothing listens there
    const env = { DATABASE_URL: `postgresql://postgres:hunter2@127.0.0.1:${deadPort}/nowhere`, PORT: String(freePortsSync(1)[0]) };
    const server = spawnEntry("server/index.ts", env);
    const worker = spawnEntry("workers/index.ts", env);
    expect(await server.exited).toBe(1);
    expect(await worker.exited).toBe(1);
    for (const p of [server, worker]) {
      expect(p.output()).toMatch(new RegExp(`cannot reach the database at 127.0.0.1:${deadPort} after 8 s`));
      expect(p.output()).not.toMatch(/hunter2/);
    }
  });

  it("the worker exits non-zero when Redis cannot be reached", { timeout: 30_000 }, async () => {
    const worker = spawnEntry("workers/index.ts", { REDIS_URL: `redis://127.0.0.1:${freePortsSync(1)[0]}`, STARTUP_TIMEOUT_SECONDS: "2" });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toMatch(/cannot reach Redis at 127\.0\.0\.1:\d+ after 2 s/);
  });

  it("the worker connects, registers its jobs and closes cleanly on SIGTERM", async () => {
    const worker = spawnEntry("workers/index.ts", {});
    await worker.waitFor(/worker ready on queue "switchboard"/);
    worker.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/SIGTERM: finishing the current jobs/);
  });
});
