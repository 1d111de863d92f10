import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeToken, readToken } from "@/server/services/auth/token";
import { env } from "@/server/env";

// readToken remembers the tokens it decrypted (server/services/auth/token.ts); it must still answer as decrypting
// would: the same user and session, nothing for a forged token, and nothing once the token has expired.

const claims = (n: number) => ({ userId: `0190a000-0000-7000-8000-00000000000${n}`, sessionId: `0190a000-0000-7000-9000-00000000000${n}` });

afterEach(() => {
  vi.useRealTimers();
});

describe("bearer tokens", () => {
  it("reads the user and session ids, again from memory, and nothing from a tampered or foreign token", async () => {
    const token = await encodeToken(claims(1));
    expect(await readToken(token)).toEqual(claims(1));
    expect(await readToken(token)).toEqual(claims(1));
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    expect(await readToken(tampered)).toBeNull();
    expect(await readToken("not-a-token")).toBeNull();
  });

  it("refuses a token without a session id (issued before sign-out existed)", async () => {
    const { encode } = await import("next-auth/jwt");
    const old = await encode({ token: { sub: claims(3).userId }, secret: env().AUTH_SECRET, salt: "switchboard.bearer", maxAge: 3600 });
    expect(await readToken(old)).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
    const token = await encodeToken(claims(2));
    expect(await readToken(token)).toEqual(claims(2));
    vi.setSystemTime(new Date(Date.now() + env().AUTH_TOKEN_TTL_HOURS * 3_600_000 - 60_000));
    expect(await readToken(token)).toEqual(claims(2));
    vi.setSystemTime(new Date(Date.now() + 120_000));
    expect(await readToken(token)).toBeNull();
  });
});
