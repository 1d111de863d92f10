import { afterAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // This file's own BullMQ queue: other test runs share the Redis server.
  process.env.QUEUE_PREFIX = `schedules-${process.pid}`;
});

import { db } from "@/server/db";
import { queue } from "@/server/queue/index";
import { ensureSchedules } from "@/workers/schedules/index";
import { makeCompany, makePage } from "./support/factory";

// The worker's schedulers, written on start and again whenever Redis is back (workers/schedules/index.ts;
// tests/integration/faults.test.ts restarts a real Redis under a worker). Here: what one upsert writes.

const ids = async () => (await queue().getJobSchedulers()).map((s) => s.key).sort();

afterAll(async () => {
  await queue().obliterate({ force: true });
  await queue().close();
});

describe("the worker's job schedulers", () => {
  it("are all written by one upsert, idempotently, without the offers watchdog while no offer is active", async () => {
    expect(await ensureSchedules()).toBe(true);
    const first = await ids();
    expect(first).toEqual(["database-upkeep", "fail-stale-sends", "notify-response-breaches-every-minute", "prune-audit-entries-daily", "prune-unused-uploads-hourly", "prune-webhook-events-hourly", "verify-page-tokens-daily", "wake-snoozed-every-minute"]);
    expect(await ensureSchedules()).toBe(true);
    expect(await ids()).toEqual(first);
  });

  it("include the offers watchdog while an offer runs, so a Redis that forgot its job and lease resumes it", async () => {
    const company = await makeCompany();
    const page = await makePage(company.id);
    await db.offer.create({ data: { companyId: company.id, pageId: page.id, createdByName: "Ada", type: "text", message: "20% off", tags: [], exclude: false, includeSpam: false, status: "running" } });
    expect(await ensureSchedules()).toBe(true);
    expect(await ids()).toContain("offers-watchdog");
  });
});
