import { afterEach, describe, expect, it, vi } from "vitest";
import { issueToken, readToken } from "@/server/auth/token";
import { env } from "@/server/env";

// readToken remembers the tokens it decrypted (server/auth/token.ts); it must still answer as decrypting
// would: the same user, nothing for a forged token, and nothing once the token has expired.

afterEach(() => {
  vi.useRealTimers();
});

describe("bearer tokens", () => {
  it("reads the user id, again from memory, and nothing from a tampered or foreign token", async () => {
    const token = await issueToken("0190a000-0000-7000-8000-000000000001");
    expect(await readToken(token)).toBe("0190a000-0000-7000-8000-000000000001");
    expect(await readToken(token)).toBe("0190a000-0000-7000-8000-000000000001");
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await readToken(tampered)).toBeNull();
    expect(await readToken("not-a-token")).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
    const token = await issueToken("0190a000-0000-7000-8000-000000000002");
    expect(await readToken(token)).toBe("0190a000-0000-7000-8000-000000000002");
    vi.setSystemTime(new Date(Date.now() + env().AUTH_TOKEN_TTL_HOURS * 3_600_000 - 60_000));
    expect(await readToken(token)).toBe("0190a000-0000-7000-8000-000000000002");
    vi.setSystemTime(new Date(Date.now() + 120_000));
    expect(await readToken(token)).toBeNull();
  });
});
