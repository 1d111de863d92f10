import { db } from "@/server/db";

// Every test starts from empty tables. TRUNCATE of the 30 tables cost ~650 ms a test here (each table and index
// gets new files), more than most tests take; a DELETE of what a test wrote costs a few ms. So: DELETE, children
// before the tables they reference, and every sequence back to 1 (as TRUNCATE … RESTART IDENTITY did). But a
// TRUNCATE also leaves the tables as a fresh database has them, which the plan tests (a database never
// ANALYZEd) rely on: a table never vacuumed is planned from its file's size, deleted rows stay in the file
// (autovacuum is off, as on CI), and so do a GIN index's pending entries. Those tests call freshTables before
// each test; for the others the reset is a TRUNCATE again when the tables' files hold more than BLOATED_BYTES
// (a test wrote thousands of rows) or a table has statistics (something ran ANALYZE or VACUUM).

const BLOATED_BYTES = 1024 * 1024;

/**
 * The tables, each before every table it references: ordered by the longest chain of foreign keys from a table
 * that references none, deepest first. Read from the catalog once per file.
 */
const CHILDREN_FIRST = `
  WITH RECURSIVE tables AS (SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'),
  refs AS (SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
            WHERE contype = 'f' AND connamespace = 'public'::regnamespace AND conrelid <> confrelid),
  depth AS (SELECT name, 0 AS d FROM tables WHERE name NOT IN (SELECT child FROM refs)
            UNION ALL SELECT r.child, depth.d + 1 FROM refs r JOIN depth ON r.parent = depth.name WHERE depth.d < 64)
  SELECT name FROM depth GROUP BY name ORDER BY max(d) DESC, name`;

let order: Promise<string[]> | null = null;
const childrenFirst = () => (order ??= db.$queryRawUnsafe<{ name: string }[]>(CHILDREN_FIRST).then((rows) => rows.map((r) => r.name)));
const truncate = (tables: string[]) => db.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY CASCADE`);

/** Empty tables as a fresh database has them: new files, no dead rows, empty GIN pending lists. */
export async function freshTables(): Promise<void> {
  const tables = await childrenFirst();
  if (tables.length) await truncate(tables);
}

export async function emptyTables(): Promise<void> {
  const tables = await childrenFirst();
  if (!tables.length) return;
  // reltuples is -1 on a table never vacuumed or analyzed, as migrations leave every one.
  const [state] = await db.$queryRaw<{ bytes: bigint; analyzed: boolean }[]>`
    SELECT coalesce(sum(pg_relation_size(oid)), 0)::bigint AS bytes, coalesce(bool_or(reltuples >= 0), false) AS analyzed
      FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`;
  if (!state || state.analyzed || Number(state.bytes) > BLOATED_BYTES) {
    await truncate(tables);
    return;
  }
  // One round trip: the names come from the catalog, and each is quoted again by format's %I.
  await db.$executeRawUnsafe(`DO $$
    DECLARE t text;
    BEGIN
      FOREACH t IN ARRAY ARRAY[${tables.map((t) => `'${t}'`).join(", ")}]::text[] LOOP EXECUTE format('DELETE FROM %I', t); END LOOP;
      PERFORM setval(c.oid::regclass, 1, false) FROM pg_class c WHERE c.relkind = 'S' AND c.relnamespace = 'public'::regnamespace;
    END $$`);
}
