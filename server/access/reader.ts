import { sql, type RawBuilder } from "kysely";
import type { Role } from "@/lib/access/roles";
import { actorOfUser, type Actor, type UserRow } from "@/server/services/auth/actor";
import type { TokenClaims } from "@/server/services/auth/token";
import { AppError } from "@/server/http/errors";

// Who an inbox read is for, checked inside the read's own statement. Every request used to read the
// session and its user (server/services/auth/actor.ts) before the handler's own statements, one round trip more
// for reads agents repeat every few seconds, and on a busy 2-core machine each round trip waits for a CPU
// (docs/PERFORMANCE.md). A read route (server/http/route.ts, readRoute) verifies the token and hands its
// claims on as a PendingActor; the read's statement starts with the session's row (readerSql) and returns
// the user's columns beside its rows, and actorOfRow turns them into the same 401 or 403 `route` answers
// before a handler. The session is read in the same statement as the rows, so a signed-out session or a
// banned user is refused at once, on every instance, as before (docs/SECURITY.md).

/** A verified token whose session the read's statement checks; `roles` are the route's (lib/access/permissions.ts). */
export type PendingActor = TokenClaims & { pending: true; roles?: readonly Role[] };

/** An actor already loaded (in-process callers: benches, tests), or a request's pending one. */
export type Reader = Actor | PendingActor;

const isPending = (reader: Reader): reader is PendingActor => "pending" in reader;

/** The reader's user as one row (id, name, email, role, company_id, is_active); none when the session is not open. */
export function readerSql(reader: Reader): RawBuilder<unknown> {
  if (!isPending(reader)) {
    return sql`SELECT ${reader.id}::uuid AS id, ${reader.name}::text AS name, ${reader.email}::text AS email, ${reader.role}::text AS role, ${reader.companyId}::uuid AS company_id, true AS is_active`;
  }
  return sql`SELECT u.id, u.name, u.email, u.role::text AS role, u.company_id, u.is_active FROM sessions s JOIN users u ON u.id = s.user_id
              WHERE s.id = ${reader.sessionId}::uuid AND s.user_id = ${reader.userId}::uuid AND s.expires_at > now()`;
}

/** The user's columns as a read returns them beside its rows, from the CTE `alias` of readerSql. */
export const readerColumns = (alias: string) => {
  const a = sql.raw(alias);
  return sql`${a}.id AS actor_id, ${a}.name AS actor_name, ${a}.email AS actor_email, ${a}.role AS actor_role, ${a}.company_id AS actor_company_id, ${a}.is_active AS actor_is_active`;
};

export type ReaderColumns = { actor_id: string | null; actor_name: string; actor_email: string; actor_role: Role; actor_company_id: string | null; actor_is_active: boolean };

/** The viewer of server/access/pages.ts's SQL rule as the CTE `alias`'s columns. */
export const readerViewer = (alias: string) => ({ id: sql.ref(`${alias}.id`), role: sql.ref(`${alias}.role`), companyId: sql.ref(`${alias}.company_id`) });

/** Statement names differ by the reader's form: one name, one text. */
export const readerStatementName = (reader: Reader, name: string) => (isPending(reader) ? name : `${name}-as-actor`);

/**
 * The actor of a read's first row (none: the session is not open): 401 and 403 as `route` answers them
 * before a handler, so the read's own answer (its 404s too) comes only after them.
 */
export function actorOfRow(reader: Reader, row: ReaderColumns | null | undefined): Actor {
  if (!isPending(reader)) return reader;
  const user: UserRow | null = row?.actor_id
    ? { id: row.actor_id, name: row.actor_name, email: row.actor_email, role: row.actor_role, company_id: row.actor_company_id, is_active: row.actor_is_active }
    : null;
  return assertRole(actorOfUser(user), reader.roles);
}

/** 403 unless the actor's role is one of `roles` (none given: any signed-in user). */
export function assertRole(actor: Actor, roles: readonly Role[] | undefined): Actor {
  if (roles && !roles.includes(actor.role)) throw new AppError("forbidden", "You don't have permission to do this");
  return actor;
}

/** The user the reader is (the statement only finds the session of that user). */
export const readerUserId = (reader: Reader) => (isPending(reader) ? reader.userId : reader.id);
