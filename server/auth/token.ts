import { decode, encode } from "next-auth/jwt";
import { env } from "@/server/env";

// Bearer tokens are next-auth JWTs (encrypted, A256GCM), used as the spec's `Authorization: Bearer` token
// rather than a cookie session; see docs/ARCHITECTURE.md. The salt keeps them distinct from any cookie JWT.
const SALT = "switchboard.bearer";

export async function issueToken(userId: string): Promise<string> {
  return encode({ token: { sub: userId }, secret: env().AUTH_SECRET, salt: SALT, maxAge: env().AUTH_TOKEN_TTL_HOURS * 3600 });
}

/**
 * Tokens decrypted recently, until their expiry: next-auth derives the key (HKDF) and decrypts on every
 * call, which the load benchmark's profile showed on every API request and socket connect. A token's
 * user id cannot change and its expiry is kept, so a remembered token answers as decoding it would; whether
 * the user may still act is read from the database on every request (server/auth/actor.ts).
 */
const decoded = new Map<string, { userId: string; expiresAt: number }>();
const REMEMBERED_TOKENS = 5_000;

/** The user id in a valid, unexpired token, or null for anything else. */
export async function readToken(token: string): Promise<string | null> {
  const known = decoded.get(token);
  if (known && known.expiresAt > Date.now()) return known.userId;
  if (known) decoded.delete(token);
  try {
    const payload = await decode({ token, secret: env().AUTH_SECRET, salt: SALT });
    if (typeof payload?.sub !== "string") return null;
    if (typeof payload.exp === "number") remember(token, payload.sub, payload.exp * 1000);
    return payload.sub;
  } catch {
    return null;
  }
}

function remember(token: string, userId: string, expiresAt: number): void {
  decoded.set(token, { userId, expiresAt });
  if (decoded.size > REMEMBERED_TOKENS) decoded.delete(decoded.keys().next().value!);
}
