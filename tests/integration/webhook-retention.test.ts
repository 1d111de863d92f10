import { describe, expect, it } from "vitest";
import type { Job } from "bullmq";
import { db } from "@/server/db";
import { pruneWebhookEvents } from "@/workers/inbound/prune-webhook-events";
import { findJob } from "@/workers/jobs/index";
import { DAY_MS } from "@/lib/contract/messaging-window";
import { JOBS } from "@/server/queue/jobs";

// The retention of webhook deliveries (prune-webhook-events.ts, workers/jobs/webhook-retention.ts):
// processed rows older than the cutoff go, in batches; pending rows stay however old.

async function deliveries(count: number, daysAgo: number, processed: boolean) {
  const at = new Date(Date.now() - daysAgo * DAY_MS);
  await db.$executeRaw`INSERT INTO webhook_events (payload, received_at, processed_at)
    SELECT jsonb_build_object('n', n, 'daysAgo', ${daysAgo}::int), ${at}, ${processed ? at : null}::timestamptz FROM generate_series(1, ${count}::int) n`;
}

const remaining = async () =>
  (await db.webhookEvent.findMany({ select: { payload: true, processedAt: true } })).map((r) => `${(r.payload as { daysAgo: number }).daysAgo} days, ${r.processedAt ? "processed" : "pending"}`).sort();

describe("webhook delivery retention", () => {
  it("deletes the processed deliveries older than the cutoff, batch after batch, and keeps every pending one", async () => {
    await deliveries(5, 10, true);
    await deliveries(2, 10, false);
    await deliveries(3, 1, true);
    await deliveries(1, 1, false);
    expect(await pruneWebhookEvents(new Date(Date.now() - 7 * DAY_MS), 2)).toBe(5);
    expect(await remaining()).toEqual([...Array(3).fill("1 days, processed"), "1 days, pending", "10 days, pending", "10 days, pending"].sort());
    expect(await pruneWebhookEvents(new Date(Date.now() - 7 * DAY_MS), 2)).toBe(0);
  });

  it("runs as the registered hourly job with WEBHOOK_RETENTION_DAYS (7 by default)", async () => {
    await deliveries(4, 8, true);
    await deliveries(2, 6, true);
    const job = findJob(JOBS.pruneWebhookEvents.name);
    expect(job).toBeDefined();
    const result = (await job!.handle(job!.schema.parse({}) as never, {} as Job)) as { deleted: number };
    expect(result.deleted).toBe(4);
    expect(await remaining()).toEqual(["6 days, processed", "6 days, processed"]);
  });
});
