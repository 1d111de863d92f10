import { affected, rows } from "@/server/db/sql/run";
import { upkeepDueSql, upkeepSql } from "@/server/db/sql/upkeep";
import { logger } from "@/server/observability/log";

/**
 * What autovacuum does, where it does not (server/db/sql/upkeep.ts): ANALYZE every table whose planner
 * statistics are missing or stale, and, while autovacuum is off, VACUUM (ANALYZE) every table whose dead rows
 * passed its threshold. Where autovacuum runs it finds little or nothing to do.
 *
 * The hot path does not depend on statistics: its statements keep an O(their own rows) plan either way
 * (tests/integration/plans-without-statistics.test.ts). What does are the reads whose best plan depends on
 * the data (a list filtered by a flag, a tag or a status: walk the list, or start from the matching rows?).
 * And every conversation is updated by each of its messages: without VACUUM the list's index fills with dead
 * entries at its newest end, where every list read starts (the soak measured a list page reading 1 098
 * buffers instead of 7 after 3 minutes at 200 messages a second; docs/PERFORMANCE.md, "The soak").
 * Returns what it did, table by table.
 */
export async function upkeepDatabase(): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  const due = (await rows(upkeepDueSql())).filter((row) => row.analyze || row.vacuum);
  for (const row of due) await affected(upkeepSql(row.table, row.vacuum));
  const vacuumed = due.filter((row) => row.vacuum).map((row) => row.table);
  const analyzed = due.filter((row) => !row.vacuum).map((row) => row.table);
  if (due.length) logger().info(`database upkeep: ${vacuumed.length ? `VACUUM (ANALYZE) ${vacuumed.join(", ")}` : ""}${vacuumed.length && analyzed.length ? "; " : ""}${analyzed.length ? `ANALYZE ${analyzed.join(", ")}` : ""}`);
  return { analyzed, vacuumed };
}
