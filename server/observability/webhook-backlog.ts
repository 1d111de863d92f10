import { firstRow } from "@/server/db/sql/run";
import { backlogSql } from "@/server/db/sql/webhook-events";

// How far the webhook ingest is behind: read by readiness (/api/health/ready) and by the metrics scrape.
// Pending rows are the ones with processed_at NULL, all of them in the partial index webhook_events_pending_idx.
export async function webhookBacklog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const row = (await firstRow(backlogSql()))!;
  return { pending: Number(row.pending), oldestAgeSeconds: row.oldest === null ? 0 : Number(row.oldest) };
}
