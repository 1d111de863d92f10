import { affected, rows } from "@/server/db/sql/run";
import { analyzeSql, staleStatisticsSql } from "@/server/db/sql/statistics";
import { logger } from "@/server/observability/log";

/**
 * ANALYZE every table whose planner statistics are missing or stale (server/db/sql/statistics.ts), as
 * autovacuum's autoanalyze would. Where autovacuum runs, it finds nothing to do; where it is off (as on these
 * machines) or has not reached a restored database yet, the planner would otherwise plan with no knowledge of
 * the columns. The hot path does not depend on it: its statements keep an O(their own rows) plan either way
 * (tests/integration/plans-without-statistics.test.ts). What does depend on statistics are the reads whose
 * best plan depends on the data: a list filtered by a flag, a tag or a status, where the planner must know how
 * common the value is to choose between walking the list in order and starting from the matching rows
 * (docs/PERFORMANCE.md, "Plans without statistics"). Returns the tables analyzed.
 */
export async function keepStatistics(): Promise<string[]> {
  const stale = (await rows(staleStatisticsSql())).map((row) => row.table);
  for (const table of stale) await affected(analyzeSql(table));
  if (stale.length) logger().info(`planner statistics refreshed: ANALYZE ${stale.join(", ")}`);
  return stale;
}
