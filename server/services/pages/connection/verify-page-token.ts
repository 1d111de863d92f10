import { createHmac } from "node:crypto";
import { env } from "@/server/env";
import { AppError } from "@/server/http/errors";
import { redis } from "@/server/redis";
import { GraphError } from "@/server/integrations/meta/graph-errors";
import { debugToken, fetchTokenOwner, type TokenDebug } from "@/server/integrations/meta/graph-pages";
import { GRAPH_UNREACHABLE, TOKEN_INVALID, TOKEN_IS_USER_TOKEN, TOKEN_NO_MESSAGING, tokenOfOtherPage } from "@/lib/schemas/pages";
import { logger } from "@/server/observability/log";

const refuse = (message: string) => new AppError("bad_request", message, { fields: { page_access_token: message } });

/** Graph failures while checking a token: 190 is the token's fault (400); anything else means "try later". */
export function tokenCheckFailure(error: unknown): AppError {
  if (error instanceof GraphError && error.kind === "token_invalid") return refuse(TOKEN_INVALID);
  if (error instanceof AppError) return error;
  logger().warn(`page token check: Graph failed: ${(error as Error).message}`);
  return new AppError("unavailable", GRAPH_UNREACHABLE);
}

/**
 * Asks Graph whether `token` is the Page access token of `pageId`, with messaging permission; answers the
 * Page's name as Facebook has it. Throws a 400 naming the problem, or a 503 when Graph cannot be asked —
 * callers save nothing unless this returns.
 */
export async function verifyPageToken(pageId: string, token: string): Promise<{ name: string }> {
  try {
    const owner = await fetchTokenOwner(token);
    // debug_token needs the App ID; it tells a user token from a Page token and lists granted scopes.
    const debug = await cachedDebugToken(token);
    if (debug && debug.type === "USER") throw refuse(TOKEN_IS_USER_TOKEN);
    if (owner.id !== pageId) throw refuse(tokenOfOtherPage(owner, pageId));
    if (debug && !debug.isValid) throw refuse(TOKEN_INVALID);
    if (debug && !debug.scopes.includes("pages_messaging")) throw refuse(TOKEN_NO_MESSAGING);
    return { name: owner.name };
  } catch (error) {
    throw tokenCheckFailure(error);
  }
}

// debug_token runs with the app token, whose quota every company shares: its answer is kept a minute per
// token (keyed by an HMAC of the token, never the token itself), and one process asks once for a token
// however many checks of it run at the same moment.
const DEBUG_CACHE_S = 60;
const debugInFlight = new Map<string, Promise<TokenDebug | null>>();
const debugKey = (token: string) => `graph:debug-token:${createHmac("sha256", env().AUTH_SECRET).update(`debug-token:${token}`).digest("base64url")}`;

/** debug_token's answer for `token` (null without META_APP_ID), from the minute's cache when there is one. */
export async function cachedDebugToken(token: string): Promise<TokenDebug | null> {
  const key = debugKey(token);
  const cached = await redis().get(key).catch(() => null);
  if (cached) return JSON.parse(cached) as TokenDebug;
  const running = debugInFlight.get(key);
  if (running) return running;
  const lookup = debugToken(token)
    .then(async (debug) => {
      if (debug) await redis().set(key, JSON.stringify(debug), "EX", DEBUG_CACHE_S).catch(() => {});
      return debug;
    })
    .finally(() => debugInFlight.delete(key));
  debugInFlight.set(key, lookup);
  return lookup;
}
