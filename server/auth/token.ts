import { decode, encode } from "next-auth/jwt";
import { env } from "@/server/env";

// Bearer tokens are next-auth JWTs (encrypted, A256GCM), used as the spec's `Authorization: Bearer` token
// rather than a cookie session; see docs/ARCHITECTURE.md. The salt keeps them distinct from any cookie JWT.
const SALT = "switchboard.bearer";

export async function issueToken(userId: string): Promise<string> {
  return encode({ token: { sub: userId }, secret: env().AUTH_SECRET, salt: SALT, maxAge: env().AUTH_TOKEN_TTL_HOURS * 3600 });
}

/** The user id in a valid, unexpired token, or null for anything else. */
export async function readToken(token: string): Promise<string | null> {
  try {
    const payload = await decode({ token, secret: env().AUTH_SECRET, salt: SALT });
    return typeof payload?.sub === "string" ? payload.sub : null;
  } catch {
    return null;
  }
}
