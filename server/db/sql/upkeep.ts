import { sql } from "kysely";

// The database upkeep family (workers/database/upkeep.ts): which tables need ANALYZE or VACUUM, and doing it.

/** Autovacuum's own defaults: a table is due once this many rows plus this share of it changed (or died). */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;
const VACUUM_THRESHOLD = 50;
const VACUUM_SCALE_FACTOR = 0.2;

export type UpkeepRow = { table: string; analyze: boolean; vacuum: boolean };

/**
 * The public tables whose planner statistics are missing (never ANALYZEd: a fresh or restored database) or
 * stale (rows changed beyond autovacuum's analyze threshold since), and — only while autovacuum is off —
 * those whose dead rows passed its vacuum threshold. pg_stats lists a table's columns only once it was
 * analyzed; relpages > 0, live tuples or a non-empty file say it has rows.
 */
export const upkeepDueSql = () => sql<UpkeepRow>`
    SELECT s.relname AS "table",
           (NOT EXISTS (SELECT 1 FROM pg_stats p WHERE p.schemaname = 'public' AND p.tablename = s.relname)
              AND (c.relpages > 0 OR s.n_live_tup > 0 OR pg_relation_size(s.relid) > 0))
           OR s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, s.n_live_tup, 0) AS analyze,
           NOT current_setting('autovacuum')::boolean
             AND s.n_dead_tup > ${VACUUM_THRESHOLD} + ${VACUUM_SCALE_FACTOR} * greatest(c.reltuples, s.n_live_tup, 0) AS vacuum
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = 'public' AND s.relname <> '_prisma_migrations'
     ORDER BY s.relname`;

/** ANALYZE one table, or VACUUM (ANALYZE) it (a name upkeepDueSql returned). VACUUM runs outside a transaction. */
export const upkeepSql = (table: string, vacuum: boolean) => (vacuum ? sql`VACUUM (ANALYZE) ${sql.table(table)}` : sql`ANALYZE ${sql.table(table)}`);
