import type pg from "pg";
import { logger } from "@/server/observability/log";

// Postgres ends every session when it restarts or fails over (57P01 "terminating connection due to
// administrator command"), and a network can cut one at any time. pg reports that on an idle pooled
// connection as an "error" event of its pool, and on a checked-out connection between two queries as an
// "error" event of the client. An "error" event nobody listens to is thrown by Node and ends the process:
// on a Postgres restart the worker exited and the app's webhook thread died with it (issue 30). Listened
// to, nothing else is needed: the pool drops the dead connection and opens a new one for the next query
// (once Postgres is back), and the owner of a checked-out one sees its next query fail and releases it as
// broken (webhook-store.ts, search-snippets.ts).

const QUIET_MS = 5_000;

/** Logs a lost connection, at most once per QUIET_MS per pool (a restart ends every connection at once). */
export function connectionErrorLogger(pool: string): (error: Error) => void {
  let last = 0;
  let quiet = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < QUIET_MS) return void quiet++;
    logger().warn({ pool, err: error.message, code: (error as { code?: string }).code, alsoLost: quiet }, `Postgres connection lost (${pool} pool); the next query opens a new one`);
    last = now;
    quiet = 0;
  };
}

/** The pool survives its connections' errors, idle or checked out; returns it. */
export function surviveConnectionErrors(pool: pg.Pool, name: string): pg.Pool {
  const log = connectionErrorLogger(name);
  pool.on("error", log);
  pool.on("connect", (client) => client.on("error", log));
  return pool;
}

// SQLSTATE classes and socket codes that mean "the connection or the server went away", not "this statement
// is wrong": work that failed so is to be retried, never recorded as a failure of its data.
const CONNECTION_CODES = new Set(["57P01", "57P02", "57P03", "53300", "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EAI_AGAIN"]);
const CONNECTION_MESSAGES = /Connection terminated|connection error|not queryable|Client was closed|timeout exceeded when trying to connect|Can't reach database server|Server has closed the connection/i;

/** Whether `error` is Postgres (or the way to it) being unavailable rather than a problem of the statement. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
  // Prisma wraps the driver's error; its cause or message still names it.
  const cause = (error as { cause?: unknown }).cause;
  if (cause && cause !== error && isConnectionError(cause)) return true;
  return CONNECTION_MESSAGES.test(error.message);
}
