import { directPool } from "@/server/db/direct";

// How far the webhook ingest is behind: read by readiness (/api/health/ready) and by the metrics scrape.
// Pending rows are the ones with processed_at NULL, all of them in the partial index webhook_events_pending_idx.
export async function webhookBacklog(): Promise<{ pending: number; oldestAgeSeconds: number }> {
  const { rows } = await directPool().query<{ pending: string; oldest: string | null }>({
    name: "webhook-backlog",
    text: "SELECT count(*) AS pending, extract(epoch FROM now() - min(received_at)) AS oldest FROM webhook_events WHERE processed_at IS NULL",
  });
  return { pending: Number(rows[0]!.pending), oldestAgeSeconds: rows[0]!.oldest === null ? 0 : Number(rows[0]!.oldest) };
}
