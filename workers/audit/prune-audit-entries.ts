import { affected, sqlDb } from "@/server/db/sql/run";

// Retention of the audit log (docs/PRODUCT.md §13.5): an entry is kept a year, then deleted.

/** Rows per DELETE: short transactions beside the admins writing new entries. */
const BATCH = 5_000;

/** Deletes the entries written before `cutoff`, batch after batch; returns how many. */
export async function pruneAuditEntries(cutoff: Date, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    // The index on (at) reads only the oldest entries.
    const old = sqlDb().selectFrom("audit_entries").select("id").where("at", "<", cutoff).orderBy("at").limit(batch);
    const deleted = await affected(sqlDb().deleteFrom("audit_entries").where("id", "in", old));
    total += deleted;
    if (deleted < batch) return total;
  }
}
