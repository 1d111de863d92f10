import "server-only";
import { decode, encode } from "next-auth/jwt";
import { db } from "@/server/db";
import { env } from "@/server/env";

// Bearer tokens are next-auth JWTs (encrypted, A256GCM), used as the spec's `Authorization: Bearer` token
// rather than a cookie session; see docs/ARCHITECTURE.md. The salt keeps them distinct from any cookie JWT.
// A token names its user (`sub`) and its session (`sid`, a row of `sessions`): signing out deletes the row,
// and server/services/auth/actor.ts refuses a token whose row is gone, so a copied token dies with its session.
const SALT = "switchboard.bearer";

export type TokenClaims = { userId: string; sessionId: string };

/** The token of an existing session; issueToken is what signing in calls. */
export async function encodeToken({ userId, sessionId }: TokenClaims): Promise<string> {
  return encode({ token: { sub: userId, sid: sessionId }, secret: env().AUTH_SECRET, salt: SALT, maxAge: env().AUTH_TOKEN_TTL_HOURS * 3600 });
}

/** Opens a session for the user and returns its token. */
export async function issueToken(userId: string): Promise<string> {
  const now = Date.now();
  const [, session] = await db.$transaction([
    // The user's sessions past their expiry can never be used again; each sign-in clears them.
    db.session.deleteMany({ where: { userId, expiresAt: { lt: new Date(now) } } }),
    db.session.create({ data: { userId, expiresAt: new Date(now + env().AUTH_TOKEN_TTL_HOURS * 3_600_000) }, select: { id: true } }),
  ]);
  return encodeToken({ userId, sessionId: session.id });
}

/**
 * Tokens decrypted recently, until their expiry: next-auth derives the key (HKDF) and decrypts on every
 * call, which the load benchmark's profile showed on every API request and socket connect. A token's
 * claims cannot change and its expiry is kept, so a remembered token answers as decoding it would; whether
 * its session is still open and its user may still act is read from the database on every request.
 */
const decoded = new Map<string, TokenClaims & { expiresAt: number }>();
const REMEMBERED_TOKENS = 5_000;

/**
 * The user and session ids in a valid, unexpired token, or null for anything else — a token without a
 * session id too (issued before sessions existed: its holder signs in again).
 */
export async function readToken(token: string): Promise<TokenClaims | null> {
  const known = decoded.get(token);
  if (known && known.expiresAt > Date.now()) return { userId: known.userId, sessionId: known.sessionId };
  if (known) decoded.delete(token);
  try {
    const payload = await decode({ token, secret: env().AUTH_SECRET, salt: SALT });
    if (typeof payload?.sub !== "string" || typeof payload.sid !== "string") return null;
    const claims = { userId: payload.sub, sessionId: payload.sid };
    if (typeof payload.exp === "number") remember(token, claims, payload.exp * 1000);
    return claims;
  } catch {
    return null;
  }
}

function remember(token: string, claims: TokenClaims, expiresAt: number): void {
  decoded.set(token, { ...claims, expiresAt });
  if (decoded.size > REMEMBERED_TOKENS) decoded.delete(decoded.keys().next().value!);
}
