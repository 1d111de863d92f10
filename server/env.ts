import "server-only";
import { z } from "zod";

// All configuration in one place, validated once. A missing or invalid variable stops the process with a
// message naming it (see .env.example for what each one is and how to generate secrets).

const DEV_ONLY_SECRET = "switchboard-development-secret-do-not-use-in-production";
const DEV_ONLY_KEY = Buffer.alloc(32, 7).toString("base64");
/** Where Meta serves message attachments (payload.url of image/audio/video/file). */
const META_CDN_HOSTS = [".fbcdn.net", ".fbsbx.com", ".facebook.com", ".cdninstagram.com"];

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const Env = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: z.url().optional(),

    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL").optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL").default("redis://127.0.0.1:6379"),

    AUTH_SECRET: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    AUTH_TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
    OTP_TTL_MINUTES: z.coerce.number().positive().max(10).default(10),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(5),
    OTP_RATE_PER_EMAIL: z.coerce.number().int().min(1).default(5),
    OTP_RATE_PER_IP: z.coerce.number().int().min(1).default(20),
    OTP_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
    TRUST_PROXY: bool,

    SMTP_URL: z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL").optional(),
    MAIL_FROM: z.string().default("Switchboard <no-reply@switchboard.local>"),

    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64 (openssl rand -base64 32)")
      .optional(),
    META_APP_SECRET: z.string().min(1).optional(),
    // Facebook Login for Business ("Connect with Facebook"); without it only the manual form is offered
    // and the token-permission check (debug_token needs the app token) is skipped.
    META_APP_ID: z.string().regex(/^\d+$/, "must be the numeric App ID").optional(),
    // Where the Login dialog lives: Facebook, or the simulator in development and tests.
    META_DIALOG_URL: z.url().default("https://www.facebook.com"),
    // History import right after a Page is connected: how many recent conversations and messages each.
    IMPORT_CONVERSATIONS: z.coerce.number().int().min(0).max(1000).default(100),
    IMPORT_MESSAGES_PER_CONVERSATION: z.coerce.number().int().min(1).max(100).default(25),
    // Requests that call Graph on a user's behalf (check token, add/edit/reconnect a page, Facebook Login):
    // each spends one of its user's and one of its company's budget per window; over it → 429.
    GRAPH_CHECKS_PER_USER: z.coerce.number().int().min(1).default(10),
    GRAPH_CHECKS_PER_COMPANY: z.coerce.number().int().min(1).default(30),
    GRAPH_CHECKS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    META_VERIFY_TOKEN: z.string().min(1).optional(),
    GRAPH_API_URL: z.url().default("https://graph.facebook.com"),
    GRAPH_API_VERSION: z.string().regex(/^v\d+\.\d+$/, "must look like v25.0").default("v25.0"),
    // A Graph call without an answer by then counts as unanswered: a send is then not repeated but settled by its echo.
    GRAPH_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    // Bulk offers per page: above ~40 msg/s a page stops showing messages in its inbox (docs/META.md).
    OFFER_RATE_PER_SECOND: z.coerce.number().positive().max(300).default(40),
    // The webhook drain's safety-net poll (a wake-up lost while Redis was down); deliveries normally wake
    // it within milliseconds. Tests set it very long to prove the wake path alone delivers.
    WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2_000),
    // Processed webhook deliveries are deleted this many days after they arrived (an hourly worker job);
    // pending ones never. 200 messages a second are 17 million rows a day.
    WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    // The worker ANALYZEs tables whose planner statistics are missing or stale and, while autovacuum is
    // off, VACUUMs those full of dead rows, as autovacuum would (workers/database/upkeep.ts). Off: leave it
    // to autovacuum (the soak's guard turns it off to prove the hot path needs neither).
    DATABASE_UPKEEP: z.enum(["true", "false", "1", "0"]).default("true").transform((v) => v === "true" || v === "1"),
    // Benchmarks only: the worker stamps stage times into new-message (tests/bench/load.ts). Off = no cost.
    BENCH_STAGE_TIMINGS: z.enum(["0", "1"]).default("0"),

    SUPERADMIN_EMAIL: z.email().default("admin@switchboard.local"),
    UPLOAD_DIR: z.string().default("uploads"),
    UPLOAD_MAX_MB: z.coerce.number().positive().max(25).default(8),
    // Each user may upload this many megabytes an hour (images and files together); beyond it → 429.
    UPLOAD_QUOTA_MB_PER_HOUR: z.coerce.number().positive().max(100_000).default(200),
    // Uploads never used in a message or an offer are deleted this many days after they were made (hourly, by the worker).
    UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(3),

    // Copies of customers' attachments (server/services/attachments/, docs/ARCHITECTURE.md). Hosts the worker
    // may fetch from, comma-separated: ".fbcdn.net" matches that domain and its subdomains, a bare host only
    // itself. Private and loopback addresses are refused unless a bare host entry names them (the simulator).
    // Default: Meta's CDNs, plus the simulator's host (GRAPH_API_URL) outside production.
    ATTACHMENT_HOSTS: z.string().optional(),
    ATTACHMENT_MAX_MB: z.coerce.number().positive().max(100).default(25),
    ATTACHMENT_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    ATTACHMENT_STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().default("us-east-1"),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // Operations (docs/ARCHITECTURE.md "Running a fleet"): start-up retry, graceful stop, readiness, metrics, logs.
    STARTUP_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(8),
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(60).default(8),
    READY_MAX_WEBHOOK_BACKLOG: z.coerce.number().int().min(1).default(5000),
    WORKER_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    // Meta's webhook also on a port of its own, served by a thread with its own event loop (server/services/inbound/listener/).
    WEBHOOK_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (openssl rand -hex 24)").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace"]).default("info"),
    LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ATTACHMENT_STORAGE === "s3") {
      for (const key of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when ATTACHMENT_STORAGE=s3" });
      }
    }
    if (env.NODE_ENV !== "production") return;
    // Production never runs on development defaults.
    for (const key of ["DATABASE_URL", "AUTH_SECRET", "TOKEN_ENCRYPTION_KEY", "META_APP_SECRET", "META_VERIFY_TOKEN", "SMTP_URL"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
    }
  })
  .transform((env) => ({
    ...env,
    isProduction: env.NODE_ENV === "production",
    DATABASE_URL: env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/switchboard",
    AUTH_SECRET: env.AUTH_SECRET ?? DEV_ONLY_SECRET,
    TOKEN_ENCRYPTION_KEY: env.TOKEN_ENCRYPTION_KEY ?? DEV_ONLY_KEY,
    META_APP_SECRET: env.META_APP_SECRET ?? "switchboard-dev-app-secret",
    META_VERIFY_TOKEN: env.META_VERIFY_TOKEN ?? "switchboard-dev-verify-token",
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    ATTACHMENT_HOSTS: (env.ATTACHMENT_HOSTS ?? [...META_CDN_HOSTS, ...(env.NODE_ENV === "production" ? [] : [new URL(env.GRAPH_API_URL).hostname])].join(","))
      .split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    LOG_FORMAT: env.LOG_FORMAT ?? (env.NODE_ENV === "production" ? "json" : "pretty"),
  }));

export type AppEnv = z.infer<typeof Env>;

export class EnvError extends Error {}

/** Validates a set of variables; throws EnvError naming every bad one. */
export function parseEnv(source: Record<string, string | undefined>): AppEnv {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = Env.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  - ${issue.path.join(".") || "(env)"}: ${issue.message}`);
  throw new EnvError(`Invalid configuration; fix these environment variables (see .env.example):\n${lines.join("\n")}`);
}

let cached: AppEnv | undefined;

/** The validated configuration of this process (read lazily so tests can set variables first). */
export function env(): AppEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Entry points call this first: print the problem and exit instead of failing later. */
export function loadEnvOrExit(): AppEnv {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      // The logger is configured from this very env, so a broken env is reported on stderr directly.
      process.stderr.write(`[switchboard] ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
