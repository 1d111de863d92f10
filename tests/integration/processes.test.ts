import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

// The app and worker entry points as real processes.

function start(entry: string, env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", entry], { env: { ...process.env, ...env } as NodeJS.ProcessEnv });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`"${pattern}" not seen in:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe("process entry points", () => {
  it("the server refuses to start in production without SMTP_URL and says so", async () => {
    const server = start("server/index.ts", { NODE_ENV: "production", SMTP_URL: "", AUTH_SECRET: "x".repeat(40), DATABASE_URL: "postgresql://x@127.0.0.1/x" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/SMTP_URL: is required in production/);
    expect(server.output()).toMatch(/TOKEN_ENCRYPTION_KEY: is required in production/);
  });

  it("the server refuses an invalid variable by name", async () => {
    const server = start("server/index.ts", { PORT: "not-a-port" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
  });

  it("the worker connects, registers its jobs and closes cleanly on SIGTERM", async () => {
    const worker = start("workers/index.ts", {});
    await worker.waitFor(/worker ready on queue "switchboard"/);
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toMatch(/SIGTERM: finishing the current jobs/);
  });
});
