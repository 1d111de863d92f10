import "server-only";
import { Kysely, PostgresDialect, type Compilable, type RawBuilder } from "kysely";
import type pg from "pg";
import { directPool, ingestPool } from "@/server/db/direct";
import type { DB } from "@/server/generated/kysely/types";

// The one way to write the SQL that Prisma's client does not cover (docs/ARCHITECTURE.md, "SQL"): Kysely,
// typed by the tables of prisma/schema.prisma (server/generated/kysely, written at install beside Prisma's
// client by scripts/prisma-generate.mjs), over the same pg pools as before (server/db/direct.ts).
//  - A statement is a Kysely query: the builder (`sqlDb().selectFrom(...)`) anywhere on the server, or,
//    where the builder cannot say it or the bench tuned its exact text, Kysely's `sql` template inside one
//    module per table family in server/db/sql/ — its values are typed and numbered by Kysely, never by hand.
//  - It runs here: `rows`/`firstRow`/`affected` on a pool or a transaction's client. A statement that runs
//    per request, per delivery or per message is `prepared(name, …)` where it is written (its module here, or
//    the builder expression), so a name sits beside the one text it stands for: it is prepared once per
//    connection and its plan reused; an unnamed one is planned for its own values (search wants that).
// Kysely's own `.execute()` also works (unnamed, on the app's pool) for cold paths and its transactions.

export type Runner = pg.Pool | pg.PoolClient;

const builders = new WeakMap<pg.Pool, Kysely<DB>>();

/** The query builder over `pool` (the app's by default); the pool's lifetime stays server/db/direct.ts's. */
export function sqlDb(pool: pg.Pool = directPool()): Kysely<DB> {
  let db = builders.get(pool);
  if (!db) builders.set(pool, (db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })));
  return db;
}

/** A builder query, or a `sql` template (which compiles against the builder). */
export type Statement<O> = Compilable<O> | RawBuilder<O>;

export type RunOptions = {
  /** A pool or a transaction's client; the app's pool by default, "ingest" for the worker's ingest pool (server/db/direct.ts). */
  on?: Runner | "ingest";
};

const names = new WeakMap<object, string>();

/**
 * `statement`, to be prepared once per connection under `name` and its plan reused: a fixed statement on a
 * hot path. One name, one text: a builder whose text has several shapes names each shape.
 */
export function prepared<S extends Statement<unknown>>(name: string, statement: S): S {
  names.set(statement, name);
  return statement;
}

async function run<O>(query: Statement<O>, { on = directPool() }: RunOptions): Promise<pg.QueryResult<O & pg.QueryResultRow>> {
  const runner = on === "ingest" ? ingestPool() : on;
  const compiled = "isRawBuilder" in query ? query.compile(sqlDb()) : query.compile();
  const config: pg.QueryConfig = { text: compiled.sql, values: compiled.parameters as unknown[] };
  const name = names.get(query);
  if (name) config.name = name;
  return runner.query<O & pg.QueryResultRow>(config);
}

/** The statement's rows, typed by the query. */
export async function rows<O>(query: Statement<O>, options: RunOptions = {}): Promise<O[]> {
  return (await run(query, options)).rows;
}

/** The first row, or null. */
export async function firstRow<O>(query: Statement<O>, options: RunOptions = {}): Promise<O | null> {
  return (await run(query, options)).rows[0] ?? null;
}

/** How many rows an INSERT, UPDATE or DELETE touched. */
export async function affected(query: Statement<unknown>, options: RunOptions = {}): Promise<number> {
  return (await run(query, options)).rowCount ?? 0;
}

/**
 * `work` on one connection in a transaction: committed when it resolves, rolled back when it throws. A
 * connection whose ROLLBACK failed is not given back to the pool. `begin` may add statements that share
 * BEGIN's round trip (e.g. "SET LOCAL …").
 */
export async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>, { pool = directPool(), begin = "" }: { pool?: pg.Pool; begin?: string } = {}): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query(begin ? `BEGIN; ${begin}` : "BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    broken = await client.query("ROLLBACK").then(
      () => false,
      () => true,
    );
    throw error;
  } finally {
    client.release(broken);
  }
}
