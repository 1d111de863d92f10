import type { ZodType } from "zod";
import { ZodError } from "zod";
import type { Role } from "@/lib/access/roles";
import { rolesFor, type Action } from "@/lib/access/permissions";
import { authenticate, bearerToken, claimsOf, type Actor } from "@/server/services/auth/actor";
import { assertRole, type PendingActor } from "@/server/access/reader";
import { AppError, errorResponse, validationError } from "@/server/http/errors";
import { clientIp } from "@/server/http/client-ip";
import { readBodyLimited } from "@/server/http/read-body";
import { findNulString, NUL_NOT_ALLOWED } from "@/lib/schemas/input-rules";
import type { JsonResponse } from "@/lib/contract/http";

// The one wrapper every route handler goes through (docs/ARCHITECTURE.md): authenticate the bearer token, check the
// role, parse params/query/body with zod, call the handler, and turn any thrown error into a response.

const MAX_JSON_BYTES = 1024 * 1024;

type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };

type Schemas<B, Q, P> = { body?: ZodType<B>; query?: ZodType<Q>; params?: ZodType<P> };

export type HandlerContext<B, Q, P> = { body: B; query: Q; params: P; request: Request; ip: string };

type Result = Response | object | null | undefined | void;

/**
 * What a handler declares, kept on the handler itself: the generated security tests read it to aim every
 * route's requests (its roles, and the schemas whose fields they mutate). A route without it fails them.
 */
export type RouteMeta = { public: boolean; can?: Action; roles?: readonly Role[]; body?: ZodType; query?: ZodType; params?: ZodType };
/**
 * `answer` is never set: it carries the type of what the handler returns, so the browser types a call by
 * its route (`Answer<typeof POST>`, lib/contract/http.ts) instead of restating it.
 */
export type RouteHandler<A = unknown> = ((request: Request, context?: NextContext) => Promise<Response>) & { meta: RouteMeta; readonly answer?: A };

function withMeta<A>(handler: (request: Request, context?: NextContext) => Promise<Response>, meta: RouteMeta): RouteHandler<A> {
  return Object.assign(handler, { meta });
}

/**
 * A route for signed-in users; `can` names the action of the permission map (lib/access/permissions.ts)
 * whose roles may call it (403 otherwise). Without it any signed-in user may.
 */
export function route<B = undefined, Q = undefined, P = undefined, R extends Result = Result>(
  config: Schemas<B, Q, P> & { can?: Action },
  handler: (ctx: HandlerContext<B, Q, P> & { actor: Actor }) => Promise<R> | R,
): RouteHandler<R> {
  const roles = config.can ? rolesFor(config.can) : undefined;
  return withMeta(async (request: Request, context?: NextContext): Promise<Response> => {
    try {
      const actor = assertRole(await authenticate(request), roles);
      const parsed = await parseRequest(config, request, context);
      return toResponse(await handler({ ...parsed, actor }));
    } catch (error) {
      return errorResponse(error);
    }
  }, { public: false, can: config.can, roles, body: config.body, query: config.query, params: config.params });
}

/**
 * A route for signed-in users whose handler's own statement reads the session with its rows (the inbox's
 * reads and the reply: server/access/reader.ts says why), one round trip fewer than `route`. It answers as
 * `route` does: a token that is not valid gets its 401 here; the handler's statement then decides 401
 * (session signed out or expired, user deactivated) and 403 (`can`) before anything of its own. A request
 * that fails to parse is authenticated first, so its 401 or 403 still comes before its 400.
 */
export function readRoute<B = undefined, Q = undefined, P = undefined, R extends Result = Result>(
  config: Schemas<B, Q, P> & { can: Action },
  handler: (ctx: HandlerContext<B, Q, P> & { reader: PendingActor }) => Promise<R> | R,
): RouteHandler<R> {
  const roles = rolesFor(config.can);
  return withMeta(async (request: Request, context?: NextContext): Promise<Response> => {
    try {
      const claims = await claimsOf(bearerToken(request.headers.get("authorization")));
      if (!claims) throw new AppError("unauthorized", "Please sign in again");
      const parsed = await parseRequest(config, request, context).catch(async (error: unknown) => {
        assertRole(await authenticate(request), roles);
        throw error;
      });
      return toResponse(await handler({ ...parsed, reader: { ...claims, pending: true, roles } }));
    } catch (error) {
      return errorResponse(error);
    }
  }, { public: false, can: config.can, roles, body: config.body, query: config.query, params: config.params });
}

/** A route anyone may call (sign-in, health, webhooks). */
export function publicRoute<B = undefined, Q = undefined, P = undefined, R extends Result = Result>(
  config: Schemas<B, Q, P>,
  handler: (ctx: HandlerContext<B, Q, P>) => Promise<R> | R,
): RouteHandler<R> {
  return withMeta(async (request: Request, context?: NextContext): Promise<Response> => {
    try {
      return toResponse(await handler(await parseRequest(config, request, context)));
    } catch (error) {
      return errorResponse(error);
    }
  }, { public: true, body: config.body, query: config.query, params: config.params });
}

async function parseRequest<B, Q, P>(config: Schemas<B, Q, P>, request: Request, context?: NextContext) {
  const rawParams = refuseNul(context ? await context.params : {});
  const rawQuery = refuseNul(Object.fromEntries(new URL(request.url).searchParams));
  const params = config.params ? parseWith(config.params, rawParams) : (undefined as P);
  const query = config.query ? parseWith(config.query, rawQuery) : (undefined as Q);
  const body = config.body ? parseWith(config.body, refuseNul(await readJson(request))) : (undefined as B);
  return { body, query, params, request, ip: clientIp(request) };
}

/** The one rule for every string of every request (lib/schemas/input-rules.ts): no U+0000 anywhere. */
function refuseNul<T>(value: T): T {
  const path = findNulString(value);
  if (path) {
    const field = path.join(".") || "_";
    throw new AppError("bad_request", `${path.at(-1) ?? "The request"} ${NUL_NOT_ALLOWED}`, { fields: { [field]: NUL_NOT_ALLOWED } });
  }
  return value;
}

function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error as ZodError);
  return result.data;
}

async function readJson(request: Request): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyLimited(request, MAX_JSON_BYTES));
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON");
  }
}

/** A JSON answer with its status (a 201, say) that keeps its body's type for the browser (lib/contract/http.ts). */
export function json<T>(body: T, init?: ResponseInit): JsonResponse<T> {
  return Response.json(body, init);
}

function toResponse(result: Result): Response {
  if (result instanceof Response) return result;
  return Response.json(result ?? { ok: true });
}
