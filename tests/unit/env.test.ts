import { describe, expect, it } from "vitest";
import { parseEnv } from "@/server/env";

const production = {
  NODE_ENV: "production",
  DATABASE_URL: "postgresql://app@db/switchboard",
  AUTH_SECRET: "x".repeat(40),
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
  META_APP_SECRET: "secret",
  META_VERIFY_TOKEN: "verify",
  SMTP_URL: "smtp://mail:25",
};

describe("configuration", () => {
  it("gives development sensible defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.GRAPH_API_VERSION).toBe("v25.0");
    expect(env.SUPERADMIN_EMAIL).toBe("admin@switchboard.local");
    expect(env.isProduction).toBe(false);
  });

  it("accepts a complete production configuration", () => {
    expect(parseEnv(production).isProduction).toBe(true);
  });

  it("refuses production without SMTP_URL, naming it", () => {
    expect(() => parseEnv({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: is required in production/);
  });

  it("names every invalid variable", () => {
    let message = "";
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", TOKEN_ENCRYPTION_KEY: "short" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/TOKEN_ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ SMTP_URL: "", PORT: "" }).PORT).toBe(3000);
  });
});
