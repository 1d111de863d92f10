import { affected, sqlDb } from "@/server/db/sql/run";

// Retention of webhook_events, the queue between a delivery's acknowledgement and its processing
// (webhook-store.ts). A processed row has done its job; kept a few days, it still answers "what did Meta
// send at 10:42?", but kept forever the table grows by 17 million rows a day at 200 messages a second.
// Pending rows are never deleted, however old: they are work not yet done. The quarantine keeps its own
// copy of what it holds (webhook_quarantine.raw).

/** Rows per DELETE: short transactions and a bounded burst of WAL, beside a live ingest. */
const BATCH = 5_000;

/** Deletes the processed deliveries received before `cutoff`; returns how many. */
export async function pruneWebhookEvents(cutoff: Date, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    // The BRIN index on received_at reads only the old block ranges.
    const old = sqlDb().selectFrom("webhook_events").select("id").where("received_at", "<", cutoff).where("processed_at", "is not", null).limit(batch);
    const deleted = await affected(sqlDb().deleteFrom("webhook_events").where("id", "in", old));
    total += deleted;
    if (deleted < batch) return total;
  }
}
