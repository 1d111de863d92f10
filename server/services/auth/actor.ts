import { isUuid } from "@/lib/ids";
import type { Role } from "@/lib/access/roles";
import { firstRow, prepared, sqlDb } from "@/server/db/sql/run";
import { readToken, type TokenClaims } from "@/server/services/auth/token";
import { AppError } from "@/server/http/errors";

// The acting user of a request or socket. Loaded from the database, with the token's session, on every call
// so that a banned or deleted user's token, and a signed-out session's, stops working at once (docs/SECURITY.md).
export type Actor = { id: string; name: string; email: string; role: Role; companyId: string | null };

export type UserRow = { id: string; name: string; email: string; role: Role; company_id: string | null; is_active: boolean };

/**
 * The user a bearer token names, deactivated or not; null for a bad or expired token, a session that was
 * signed out, and an unknown user. Every API request and every socket connect reads it, so a prepared
 * statement of the SQL layer, as on the webhook hot path (server/db/sql/run.ts): the HTTP benchmark's list and
 * thread requests took 3.37 ms of the app's CPU on average against 3.50 through Prisma
 * (docs/performance/history-2026-11.md §6, morning of 2026-11-26). The session is a primary-key join in the same statement.
 */
export async function userOfToken(token: string | null): Promise<UserRow | null> {
  const claims = await claimsOf(token);
  if (!claims) return null;
  const query = prepared(
    "actor-session-user",
    sqlDb()
      .selectFrom("sessions as s")
      .innerJoin("users as u", "u.id", "s.user_id")
      .select(["u.id", "u.name", "u.email", "u.role", "u.company_id", "u.is_active"])
      .where("s.id", "=", claims.sessionId)
      .where("s.user_id", "=", claims.userId)
      .where("s.expires_at", ">", (eb) => eb.fn<Date>("now")),
  );
  return firstRow(query);
}

/** The user and session a valid token names (checked against the database by the caller), or null. */
export async function claimsOf(token: string | null): Promise<TokenClaims | null> {
  const claims = token ? await readToken(token) : null;
  return claims && isUuid(claims.userId) && isUuid(claims.sessionId) ? claims : null;
}

/** The session a request's bearer token names (the route has authenticated it already), or null. */
export async function sessionOf(request: Request): Promise<string | null> {
  const token = bearerToken(request.headers.get("authorization"));
  return token ? ((await readToken(token))?.sessionId ?? null) : null;
}

export function bearerToken(header: string | null | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

export async function actorFromToken(token: string | null): Promise<Actor> {
  return actorOfUser(await userOfToken(token));
}

/** The actor of a user row read with its session: 401 for none (signed out, expired, unknown) or a deactivated user. */
export function actorOfUser(user: UserRow | null): Actor {
  if (!user) throw new AppError("unauthorized", "Please sign in again");
  if (!user.is_active) throw new AppError("unauthorized", "Your account has been deactivated");
  return { id: user.id, name: user.name, email: user.email, role: user.role, companyId: user.company_id };
}

export async function authenticate(request: Request): Promise<Actor> {
  return actorFromToken(bearerToken(request.headers.get("authorization")));
}
