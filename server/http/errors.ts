import { ZodError } from "zod";
import { logger } from "@/server/observability/log";
import { isConnectionError } from "@/server/db/connection-errors";

// One error type for every rule a service enforces; the route wrapper turns it into a response.

export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the JSON body, e.g. per-field messages or the violated urls. */
    readonly details: Record<string, unknown> = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Per-field messages from a ZodError: the first message for each path, keyed "field" or "a.b". */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): AppError {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0] ?? "Invalid request";
  return new AppError("bad_request", first, { fields });
}

function isPrismaError(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === code;
}

/**
 * Postgres's class 22 (data exception: invalid text representation, bad encoding, date/number out of
 * range) means the request carried a value the schemas let through but the column cannot hold: the
 * client's mistake, so 400, never a 500. Found on Prisma's driver-adapter error or on a plain pg error.
 */
function postgresDataException(error: unknown): boolean {
  const e = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null;
  const sqlState = e?.meta?.driverAdapterError?.cause?.originalCode ?? (typeof e?.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : null);
  return typeof sqlState === "string" && sqlState.startsWith("22");
}

/**
 * The body is `{ error, message, code, ...details }`: `error` and `message` carry the same human text so
 * clients written against either convention show it.
 */
export function errorResponse(error: unknown): Response {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof ZodError) appError = validationError(error);
  else if (isPrismaError(error, "P2025")) appError = new AppError("not_found", "Not found");
  else if (isPrismaError(error, "P2002")) appError = new AppError("conflict", "This record already exists");
  else if (isPrismaError(error, "P2007") || postgresDataException(error)) appError = new AppError("bad_request", "The request holds a value that cannot be stored");
  // Postgres restarting or failing over: a moment's outage, not a bug. 503 and Retry-After, so clients
  // (and Meta, for a webhook) try again; the pools log the lost connections once (connection-errors.ts).
  else if (isConnectionError(error)) appError = new AppError("unavailable", "The service is briefly unavailable. Please try again in a moment.", {}, { "Retry-After": "2" });
  else {
    logger().error({ err: error }, "unhandled error");
    return Response.json({ error: "Something went wrong", message: "Something went wrong", code: "internal" }, { status: 500 });
  }
  return Response.json(
    { error: appError.message, message: appError.message, code: appError.code, ...appError.details },
    { status: appError.status, headers: appError.headers },
  );
}
