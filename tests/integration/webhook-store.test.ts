import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db";
import { directPool, ingestPool } from "@/server/db/direct";
import { storeWebhookEvent, withClaimedDeliveries } from "@/server/services/inbound/webhook-store";
import { claimSql } from "@/server/db/sql/webhook-events";
import { sqlDb } from "@/server/db/sql/run";
import { freshTables } from "./support/empty-tables";

// The acknowledging INSERT's group commit (webhook-store.ts): deliveries that arrive while INSERTs are in
// flight are stored together, each answered only once its row is committed, and one payload Postgres
// refuses never fails the others.

const body = (n: number) => JSON.stringify({ object: "page", entry: [], n });

// Plans are read here: each test starts from tables as a fresh database has them (./support/empty-tables.ts).
beforeEach(freshTables);

describe("storing deliveries", () => {
  it("stores a burst with fewer INSERTs than deliveries, every one exactly once and committed when it resolves", async () => {
    const query = vi.spyOn(directPool(), "query");
    try {
      const ids = await Promise.all(Array.from({ length: 60 }, (_, n) => storeWebhookEvent(body(n))));
      const inserts = query.mock.calls.filter(([q]) => typeof q === "object" && /INSERT INTO webhook_events/.test((q as { text: string }).text));
      expect(inserts.length).toBeLessThan(60);
      expect(new Set(ids.map(String)).size).toBe(60);
      const rows = await db.webhookEvent.findMany({ where: { id: { in: ids } } });
      // Each id is the row of its own payload.
      const byId = new Map(rows.map((r) => [String(r.id), (r.payload as { n: number }).n]));
      ids.forEach((id, n) => expect(byId.get(String(id))).toBe(n));
    } finally {
      query.mockRestore();
    }
  });

  it("fails only the delivery Postgres refuses, not the ones batched with it", async () => {
    const poison = '{"object":"page","entry":[],"text":"\\u0000"}';
    expect(() => JSON.parse(poison)).not.toThrow(); // valid JSON; jsonb refuses the NUL
    const results = await Promise.allSettled([...Array.from({ length: 10 }, (_, n) => storeWebhookEvent(body(n))), storeWebhookEvent(poison), ...Array.from({ length: 10 }, (_, n) => storeWebhookEvent(body(100 + n)))]);
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
    expect(results[10]!.status).toBe("rejected");
    expect(await db.webhookEvent.count()).toBe(20);
  });

  it("commits the ack and the batch's mark synchronously, the worker's ingest statements without waiting for the flush", async () => {
    const setting = async (pool: typeof directPool) => (await pool().query<{ synchronous_commit: string }>("SHOW synchronous_commit")).rows[0]!.synchronous_commit;
    // acknowledged = durable, and a batch is durable once its mark is (server/db/direct.ts, ingestPool)
    expect(await setting(directPool)).toBe("on");
    expect(await setting(ingestPool)).toBe("off");
  });

  it("claims the pending deliveries without reading the processed ones", async () => {
    // A day at 200 messages/s is 17 million processed rows; the claim once walked them all from the first.
    await db.$executeRaw`INSERT INTO webhook_events (payload, processed_at) SELECT '{}'::jsonb, now() FROM generate_series(1, 5000)`;
    const pending = await Promise.all([storeWebhookEvent(body(1)), storeWebhookEvent(body(2))]);
    await db.$executeRaw`ANALYZE webhook_events`;
    const explained = await db.$queryRawUnsafe<{ "QUERY PLAN": unknown }[]>(`EXPLAIN (ANALYZE, FORMAT JSON) ${claimSql(50).compile(sqlDb()).sql}`);
    const nodes = JSON.stringify(explained[0]!["QUERY PLAN"]);
    expect(nodes).toContain('"Index Name":"webhook_events_pending_idx"');
    const removed = [...nodes.matchAll(/"Rows Removed by Filter":(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(removed).toBe(0);
    let claimed: bigint[] = [];
    await withClaimedDeliveries(50, async (deliveries) => {
      claimed = deliveries.map((d) => d.id);
      return deliveries.map((d) => ({ id: d.id, error: null }));
    });
    expect(claimed).toEqual([...pending].sort((a, b) => (a < b ? -1 : 1)));
  });
});
