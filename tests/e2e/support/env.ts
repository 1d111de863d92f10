import { portsFromEnv } from "../../support/free-port";
import { workerDatabaseUrl, workerRedisUrl } from "../../support/worlds";

// The one configuration the e2e servers, their mail catchers and the specs share. Specs run E2E_WORKERS
// (else 2) at a time, each Playwright worker against a stack of its own — server, offers worker, database,
// Redis db, SMTP server, mail API, Messenger simulator, upload directory — so no spec sees another's rows,
// settings or mails. On two cores one worker kept the CPU ~60 % busy (each step waits on the browser, then
// the server, then the database, one after the other); two keep it full.
// Ports are free ones picked when the runner loads its config and kept in the environment, which its workers
// inherit (E2E_PORT, E2E_SMTP_PORT, E2E_MAIL_API_PORT, E2E_SIMULATOR_PORT pin stack 1's; `_<n>` stack n's).

/** Stacks the global setup starts, one per Playwright worker. */
export const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

const PORTS = ["E2E_PORT", "E2E_SMTP_PORT", "E2E_MAIL_API_PORT", "E2E_SIMULATOR_PORT"] as const;
const portNames = (n: number) => PORTS.map((name) => (n <= 1 ? name : `${name}_${n}`));
const ports = portsFromEnv(Array.from({ length: e2eWorkers }, (_, i) => portNames(i + 1)).flat());

export type E2EStack = ReturnType<typeof e2eStack>;

/** Stack `n` (1-based) of the run. */
export function e2eStack(n: number) {
  const [port, smtpPort, mailApiPort, simulatorPort] = portNames(n).map((name) => ports[name]!);
  return {
    n,
    port: port!,
    smtpPort: smtpPort!,
    mailApiPort: mailApiPort!,
    simulatorPort: simulatorPort!,
    databaseUrl: workerDatabaseUrl(process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_e2e", n),
    redisUrl: workerRedisUrl(process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/14", n),
    uploadDir: n <= 1 ? "test-results/e2e-uploads" : `test-results/e2e-uploads-${n}`,
    superAdminEmail: "root@e2e.switchboard.test",
  };
}

/**
 * This process's stack: a Playwright worker's own (TEST_PARALLEL_INDEX, which no two workers running at once
 * share, and which a worker started after a failure takes over), stack 1 in the runner itself.
 */
export const E2E = e2eStack(Number(process.env.TEST_PARALLEL_INDEX ?? 0) + 1);

export function serverEnv(stack: E2EStack): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(stack.port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${stack.port}`,
    DATABASE_URL: stack.databaseUrl,
    REDIS_URL: stack.redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${stack.smtpPort}`,
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    META_APP_SECRET: "e2e-app-secret",
    META_VERIFY_TOKEN: "e2e-verify-token",
    SUPERADMIN_EMAIL: stack.superAdminEmail,
    GRAPH_API_URL: `http://127.0.0.1:${stack.simulatorPort}`,
    // Connect with Facebook against the simulator: its app id (the default) and its Login dialog.
    META_APP_ID: "1234567890",
    META_DIALOG_URL: `http://127.0.0.1:${stack.simulatorPort}`,
    UPLOAD_DIR: stack.uploadDir,
    // Production refuses private addresses for attachment copies unless named: the simulator stands in for Meta's CDN.
    ATTACHMENT_HOSTS: ".fbcdn.net,.fbsbx.com,127.0.0.1",
    SEED_DEMO: "true",
    // Sign-in tests ask for many codes from one address; keep the limits but out of their way.
    OTP_RATE_PER_IP: "1000",
    OTP_RATE_PER_EMAIL: "100",
  };
}
