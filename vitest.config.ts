import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { portsFromEnv } from "./tests/support/free-port";
import { integrationWorkers, workerPortNames } from "./tests/integration/support/workers";

const root = fileURLToPath(new URL(".", import.meta.url));
// `server-only` throws when imported outside a React Server bundle; tests run server modules in plain Node,
// so it is its empty module here, as tsconfig.json's paths make it for tsx (docs/DECISIONS.md, "server-only").
const alias = { "@": root, "server-only": `${root}node_modules/server-only/empty.js` };

// Integration tests get their own database and Redis db index, so they never touch development data,
// and free ports for their SMTP server and Messenger simulator (TEST_SMTP_PORT / TEST_SIMULATOR_PORT pin them).
// Their files run TEST_WORKERS at a time, each worker with its own of all these (tests/integration/support/workers.ts).
const workers = integrationWorkers();
const ports = portsFromEnv(Array.from({ length: workers }, (_, i) => workerPortNames(i + 1)).flat());
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_test";
const integrationEnv = {
  NODE_ENV: "test" as const,
  DATABASE_URL: TEST_DATABASE_URL,
  REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15",
  SMTP_URL: `smtp://127.0.0.1:${ports.TEST_SMTP_PORT}`,
  AUTH_SECRET: "integration-test-secret-integration-test-secret",
  SUPERADMIN_EMAIL: "root@switchboard.test",
  // The Graph client talks to a Messenger simulator the channel tests start on this port.
  GRAPH_API_URL: `http://127.0.0.1:${ports.TEST_SIMULATOR_PORT}`,
  META_APP_SECRET: "integration-app-secret",
  // The simulator's default app id: debug_token (the permission check) and Facebook Login run against it.
  META_APP_ID: "1234567890",
  // The simulator also plays Facebook's Login dialog.
  META_DIALOG_URL: `http://127.0.0.1:${ports.TEST_SIMULATOR_PORT}`,
  META_VERIFY_TOKEN: "integration-verify-token",
  // A Send API call the simulator holds (a timeout after Meta took the message) gives up within seconds.
  GRAPH_TIMEOUT_MS: "5000",
  UPLOAD_DIR: ".data/test-uploads",
  // Tests call the API through the real server (tests/integration/support/http.ts) as clients behind a proxy
  // that names each one's address in X-Forwarded-For, so per-address limits see different clients.
  TRUST_PROXY: "true",
};

/**
 * Test files of `dir` that configure the process for the code they test — a module mock (vi.mock), the
 * environment set at load (vi.hoisted, an assignment to process.env) — which is read once: in a process shared
 * with other files, the first file's would stay (or come too late). They keep a process of their own.
 */
function ownProcessFiles(dir: string): string[] {
  return readdirSync(`${root}${dir}`)
    .filter((name) => name.endsWith(".test.ts"))
    .filter((name) => /vi\.(mock|doMock|hoisted)\(|process\.env\.\w+ = |Object\.assign\(process\.env/.test(readFileSync(`${root}${dir}/${name}`, "utf8")))
    .map((name) => `${dir}/${name}`);
}
const UNIT_OWN_PROCESS = ownProcessFiles("tests/unit");
const INTEGRATION_OWN_PROCESS = ownProcessFiles("tests/integration");

function integrationProject(name: string, files: { isolate: boolean; include?: string[]; exclude?: string[] }) {
  return {
    resolve: { alias },
    test: {
      name,
      include: files.include ?? ["tests/integration/**/*.test.ts"],
      exclude: files.exclude ?? [],
      isolate: files.isolate,
      environment: "node" as const,
      env: integrationEnv,
      // Both projects name it; it runs once a run (global-setup.ts).
      globalSetup: ["tests/integration/support/global-setup.ts"],
      // worker-env.ts first: it points the file at its worker's database before anything connects.
      setupFiles: ["tests/integration/support/worker-env.ts", "tests/integration/support/per-file.ts"],
      // A database per worker: files on one worker take turns, each test starts from empty tables.
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    projects: [
      // Unit files share their worker's modules (no fresh process per file): they touch no service and
      // keep no state between files, and the tier takes 6 s instead of 18 (issue 44 point 7).
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], exclude: UNIT_OWN_PROCESS, environment: "node", isolate: false } },
      { resolve: { alias }, test: { name: "unit-own-process", include: UNIT_OWN_PROCESS, environment: "node", isolate: true } },
      // Integration files shared their worker's process for a while (a fresh one per file costs ~3 of the
      // tier's 11 minutes), but work an earlier file left running — a drain, a fire-and-forget Graph read —
      // then ran in the next file's world: three clean-clone runs of 2026-12-07 failed on a guest's events
      // stored out of order and on a stray statement in a plan check. Each file has a process of its own again
      // until that leftover work is found; the split stays, so files that must never share are known.
      integrationProject("integration-own-process", { isolate: true, include: INTEGRATION_OWN_PROCESS }),
      integrationProject("integration-shared", { isolate: true, exclude: INTEGRATION_OWN_PROCESS }),
    ],
  },
});
