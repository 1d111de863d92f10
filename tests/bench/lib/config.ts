// The benchmark's own world: its database, Redis db, ports and secrets. Imported first by every bench
// module so that server code (which reads process.env lazily through server/env.ts) sees these values and
// never another developer's database or Redis, whatever the shell exported.

// Two worktrees benchmarking at once must not share these (one run's Redis FLUSHDB, ports and schema
// changes would land in the other's figures): BENCH_DATABASE_URL, BENCH_REDIS_URL, BENCH_APP_PORT,
// BENCH_SIMULATOR_PORT and BENCH_INSPECT_PORT move a run elsewhere. Read before the process.env overwrite below.
import { portsFromEnv } from "../../support/free-port";

// Free ports unless pinned: the machine may run other services on any fixed one (tests/support/free-port.ts).
// Written back to the environment, so the processes the bench starts agree on them.
// BENCH_INSPECT_PORT: where the app server's inspector opens when a bench asks for it (tests/support/inspector.ts).
// BENCH_WEBHOOK_PORT: the app's webhook listener (WEBHOOK_PORT, server/services/inbound/listener/).
const ports = portsFromEnv(["BENCH_APP_PORT", "BENCH_SIMULATOR_PORT", "BENCH_INSPECT_PORT", "BENCH_WEBHOOK_PORT"]);

/**
 * 1: the measured page (100 000 conversations, 1 M messages) and a small second page in one company.
 * 10: the same two pages plus 49 more companies of one page each, ~1 M conversations and ~10 M messages in
 * all (issue 33 point 4, issue 32 point 4): the measured page keeps its size, so its figures compare with
 * scale 1 and show what the other companies' rows cost it. Its own database unless BENCH_DATABASE_URL says.
 */
const datasetScale = process.env.BENCH_DATASET_SCALE === "10" ? 10 : 1;

export const BENCH = {
  datasetScale,
  // application_name tags every connection of the run (app, worker, this process), so the database CPU it
  // reports counts only them, not someone else's queries on the same database.
  databaseUrl: withApplicationName(process.env.BENCH_DATABASE_URL || `postgresql://postgres@127.0.0.1:5432/switchboard_bench${datasetScale === 10 ? "_10x" : ""}`),
  redisUrl: process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379/11",
  appPort: ports.BENCH_APP_PORT,
  simulatorPort: ports.BENCH_SIMULATOR_PORT,
  inspectPort: ports.BENCH_INSPECT_PORT,
  webhookPort: ports.BENCH_WEBHOOK_PORT,
  smtpUrl: "smtp://127.0.0.1:2599", // nothing is sent: no bench path signs anyone in by e-mail
  distDir: ".next-bench",
  authSecret: "switchboard-bench-auth-secret-0123456789abcdef",
  tokenKey: Buffer.alloc(32, 11).toString("base64"),
  appSecret: "switchboard-bench-app-secret",
  verifyToken: "switchboard-bench-verify-token",
} as const;

export const APP_URL = `http://127.0.0.1:${BENCH.appPort}`;
export const SIMULATOR_URL = `http://127.0.0.1:${BENCH.simulatorPort}`;
/**
 * Where the benchmarks post Meta's webhooks: the app's webhook port, as a deployment routes them
 * (docs/ARCHITECTURE.md "Running a fleet"); BENCH_WEBHOOK_VIA=main posts them to the main port instead, to
 * compare the two.
 */
export const WEBHOOK_BASE_URL = process.env.BENCH_WEBHOOK_VIA === "main" ? APP_URL : `http://127.0.0.1:${BENCH.webhookPort}`;

/** The environment of the production app server and of this process's own server-code imports. */
export function benchEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXT_DIST_DIR: BENCH.distDir,
    PORT: String(BENCH.appPort),
    WEBHOOK_PORT: String(BENCH.webhookPort),
    HOST: "127.0.0.1",
    APP_URL,
    DATABASE_URL: BENCH.databaseUrl,
    REDIS_URL: BENCH.redisUrl,
    AUTH_SECRET: BENCH.authSecret,
    TOKEN_ENCRYPTION_KEY: BENCH.tokenKey,
    META_APP_SECRET: BENCH.appSecret,
    META_VERIFY_TOKEN: BENCH.verifyToken,
    SMTP_URL: BENCH.smtpUrl,
    GRAPH_API_URL: SIMULATOR_URL,
    // The bench's worker (webhook ingest) must never take jobs queued by anyone else on this Redis.
    QUEUE_PREFIX: "bench",
    // The worker stamps its stage times into new-message (tests/bench/load.ts reads them).
    BENCH_STAGE_TIMINGS: "1",
  };
}

// Overwrite, never merge: a DATABASE_URL exported in the shell must not leak into the benchmark.
Object.assign(process.env, benchEnv());

function withApplicationName(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has("application_name")) u.searchParams.set("application_name", "switchboard-bench");
  return u.toString();
}
