import { portsFromEnv } from "../../support/free-port";

// The one configuration the e2e server, its mail catcher and the specs share. Ports are free ones picked
// when the runner loads its config and kept in the environment, which its workers inherit (E2E_PORT,
// E2E_SMTP_PORT, E2E_MAIL_API_PORT, E2E_SIMULATOR_PORT pin them).
const ports = portsFromEnv(["E2E_PORT", "E2E_SMTP_PORT", "E2E_MAIL_API_PORT", "E2E_SIMULATOR_PORT"]);

export const E2E = {
  port: ports.E2E_PORT,
  smtpPort: ports.E2E_SMTP_PORT,
  mailApiPort: ports.E2E_MAIL_API_PORT,
  simulatorPort: ports.E2E_SIMULATOR_PORT,
  databaseUrl: process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard_e2e",
  redisUrl: process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/14",
  superAdminEmail: "root@e2e.switchboard.test",
};

export function serverEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(E2E.port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${E2E.port}`,
    DATABASE_URL: E2E.databaseUrl,
    REDIS_URL: E2E.redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
    AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString("base64"),
    META_APP_SECRET: "e2e-app-secret",
    META_VERIFY_TOKEN: "e2e-verify-token",
    SUPERADMIN_EMAIL: E2E.superAdminEmail,
    GRAPH_API_URL: `http://127.0.0.1:${E2E.simulatorPort}`,
    // Connect with Facebook against the simulator: its app id (the default) and its Login dialog.
    META_APP_ID: "1234567890",
    META_DIALOG_URL: `http://127.0.0.1:${E2E.simulatorPort}`,
    UPLOAD_DIR: "test-results/e2e-uploads",
    // Production refuses private addresses for attachment copies unless named: the simulator stands in for Meta's CDN.
    ATTACHMENT_HOSTS: ".fbcdn.net,.fbsbx.com,127.0.0.1",
    SEED_DEMO: "true",
    // Sign-in tests ask for many codes from one address; keep the limits but out of their way.
    OTP_RATE_PER_IP: "1000",
    OTP_RATE_PER_EMAIL: "100",
  };
}
