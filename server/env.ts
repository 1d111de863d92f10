import { z } from "zod";

// All configuration in one place, validated once. A missing or invalid variable stops the process with a
// message naming it (see .env.example for what each one is and how to generate secrets).

const DEV_ONLY_SECRET = "switchboard-development-secret-do-not-use-in-production";
const DEV_ONLY_KEY = Buffer.alloc(32, 7).toString("base64");

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
    META_VERIFY_TOKEN: z.string().min(1).optional(),
    GRAPH_API_URL: z.url().default("https://graph.facebook.com"),
    GRAPH_API_VERSION: z.string().regex(/^v\d+\.\d+$/, "must look like v25.0").default("v25.0"),
    // Bulk offers per page: above ~40 msg/s a page stops showing messages in its inbox (GUIDE §3).
    OFFER_RATE_PER_SECOND: z.coerce.number().positive().max(300).default(40),
    // The webhook drain's safety-net poll (a wake-up lost while Redis was down); deliveries normally wake
    // it within milliseconds. Tests set it very long to prove the wake path alone delivers.
    WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(2_000),
    // Benchmarks only: the worker stamps stage times into new-message (tests/bench/load.ts). Off = no cost.
    BENCH_STAGE_TIMINGS: z.enum(["0", "1"]).default("0"),

    SUPERADMIN_EMAIL: z.email().default("admin@switchboard.local"),
    UPLOAD_DIR: z.string().default("uploads"),
    UPLOAD_MAX_MB: z.coerce.number().positive().max(25).default(8),
  })
  .superRefine((env, ctx) => {
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
      console.error(`[switchboard] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
