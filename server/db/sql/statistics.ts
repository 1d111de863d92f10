import { sql } from "kysely";

// The planner statistics family (workers/database/keep-statistics.ts): which tables need ANALYZE.

/** Autovacuum's own defaults for when a table's statistics are stale: 50 rows plus a tenth of the table changed. */
const ANALYZE_THRESHOLD = 50;
const ANALYZE_SCALE_FACTOR = 0.1;

/**
 * The public tables that hold rows but have no planner statistics (never ANALYZEd: a fresh or restored
 * database, or one whose autovacuum is off), or whose rows changed by more than autovacuum's threshold since
 * their last ANALYZE. pg_stats lists a table's columns only once it was analyzed; relpages > 0 or live
 * tuples say it has rows (pg_class counts are only set by VACUUM, ANALYZE and CREATE INDEX).
 */
export const staleStatisticsSql = () => sql<{ table: string }>`
    SELECT s.relname AS "table"
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE s.schemaname = 'public' AND s.relname <> '_prisma_migrations'
       AND (
         (NOT EXISTS (SELECT 1 FROM pg_stats p WHERE p.schemaname = 'public' AND p.tablename = s.relname)
            AND (c.relpages > 0 OR s.n_live_tup > 0 OR pg_relation_size(s.relid) > 0))
         OR s.n_mod_since_analyze > ${ANALYZE_THRESHOLD} + ${ANALYZE_SCALE_FACTOR} * greatest(c.reltuples, s.n_live_tup, 0)
       )
     ORDER BY s.relname`;

/** ANALYZE one table (a name staleStatisticsSql returned). */
export const analyzeSql = (table: string) => sql`ANALYZE ${sql.table(table)}`;
